import Signalbox

/// The Todos tab's root: every todo of the user (done ones hidden if the settings say so).
struct TodoListScreen: UserDataScreen {
    let account: Account

    var template: String { "todos/list" }
    var title: String { "Todos" }
    var viewModel: ViewModel {
        get async throws {
            let all = try await self.store.todos(of: self.user)
            let projects = try await self.store.projects(of: self.user)
            let hidesDone = try await self.store.settings(of: self.user).hidesCompletedTodos
            let shown = hidesDone ? all.filter { !$0.isDone } : all
            return [
                "todos": .todos(shown, projects: ProjectSummaries(projects)),
                "hasTodos": .bool(!shown.isEmpty),
                "count": .int(all.count),
                "doneCount": .int(all.count(where: \.isDone)),
                "hiddenCount": .int(all.count - shown.count),
                "hasHidden": .bool(shown.count < all.count),
            ]
        }
    }
}
