import Signalbox

/// The Projects tab's root: every project with its number of todos.
struct ProjectListScreen: UserDataScreen {
    let account: Account

    var template: String { "projects/list" }
    var title: String { "Projects" }
    var viewModel: ViewModel {
        get async throws {
            let todos = try await self.store.todos(of: self.user)
            let projects = try await self.store.projects(of: self.user).map { ProjectRow($0, todos: todos) }
            return ["projects": try .list(encoding: projects), "hasProjects": .bool(!projects.isEmpty)]
        }
    }
}
