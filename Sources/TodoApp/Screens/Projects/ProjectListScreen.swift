import Signalbox

/// The Projects tab's root: every project with its number of todos.
struct ProjectListScreen: UserDataScreen {
    let account: Account

    var template: String { "projects/list" }
    var title: String { "Projects" }
    var viewModel: ViewModel {
        get async throws {
            let todos = try await self.store.todos(of: self.user)
            let projects = try await self.store.projects(of: self.user).map { project in
                project.viewModel(todoCount: todos.count { $0.projectID == project.id })
            }
            return ["projects": .list(projects), "hasProjects": .bool(!projects.isEmpty)]
        }
    }
}
