import Signalbox

/// The Home tab: the favourite todos and projects. Choosing a todo switches to the Todos tab,
/// pops it to its list and pushes that todo.
struct HomeScreen: UserDataScreen {
    let account: Account

    var template: String { "home/home" }
    var title: String { "Home" }
    /// What `home/home` shows.
    struct Model: Encodable {
        let username: String
        let favorites: [TodoRow]
        let hasFavorites: Bool
        let favoriteProjects: [ProjectRow]
        let hasFavoriteProjects: Bool
        let openSummary: String
    }

    var viewModel: ViewModel {
        get async throws {
            let todos = try await self.store.todos(of: self.user)
            let projects = try await self.store.projects(of: self.user)
            let favorites = try TodoRow.rows(todos.filter(\.isFavorite), projects: projects)
            let favoriteProjects = projects.filter(\.isFavorite).map { ProjectRow($0, todos: todos) }
            return try ViewModel(
                encoding: Model(
                    username: self.user.username,
                    favorites: favorites,
                    hasFavorites: !favorites.isEmpty,
                    favoriteProjects: favoriteProjects,
                    hasFavoriteProjects: !favoriteProjects.isEmpty,
                    openSummary: Self.summary(open: todos.count { !$0.isDone })
                )
            )
        }
    }

    private static func summary(open: Int) -> String {
        switch open {
        case 0: "Nothing left to do."
        case 1: "1 open todo in your list."
        default: "\(open) open todos in your list."
        }
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        guard let id = form["todo"].flatMap({ Int($0) }), try await self.store.todo(id: id, of: self.user) != nil else {
            return .invalid("This todo does not exist (any more).", fields: ["todo": "Unknown todo."])
        }
        let tabs = try context.coordinator(AuthenticatedCoordinator.self)
        try await tabs.focusFirst(\.todos).child.popToRoot().route(to: \.todo, id)
        return .accepted
    }
}
