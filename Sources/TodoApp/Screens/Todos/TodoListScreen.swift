import Signalbox

/// The Todos tab's root: every todo of the user (done ones hidden if the settings say so).
struct TodoListScreen: UserDataScreen {
    let account: Account

    var template: String { "todos/list" }
    var title: String { "Todos" }
    /// What `todos/list` shows.
    struct Model: Encodable {
        let todos: [TodoRow]
        let hasTodos: Bool
        let count: Int
        let doneCount: Int
        let hiddenCount: Int
        let hasHidden: Bool
    }

    var viewModel: ViewModel {
        get async throws {
            let all = try await self.store.todos(of: self.user)
            let projects = try await self.store.projects(of: self.user)
            let hidesDone = try await self.store.settings(of: self.user).hidesCompletedTodos
            let shown = hidesDone ? all.filter { !$0.isDone } : all
            return try ViewModel(
                encoding: Model(
                    todos: try TodoRow.rows(shown, projects: projects),
                    hasTodos: !shown.isEmpty,
                    count: all.count,
                    doneCount: all.count(where: \.isDone),
                    hiddenCount: all.count - shown.count,
                    hasHidden: shown.count < all.count
                )
            )
        }
    }
}
