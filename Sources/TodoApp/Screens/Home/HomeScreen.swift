import Signalbox

/// The Home tab: the favourite todos and projects. Choosing a todo switches to the Todos tab,
/// pops it to its list and pushes that todo.
struct HomeScreen: UserDataScreen {
    let account: Account

    var template: String { "home/home" }
    var title: String { "Home" }
    var viewModel: ViewModel {
        get async throws {
            let todos = try await self.store.todos(of: self.user)
            let projects = try await self.store.projects(of: self.user)
            let favorites = todos.filter(\.isFavorite)
            let favoriteProjects = projects.filter(\.isFavorite).map { project in
                project.viewModel(todoCount: todos.count { $0.projectID == project.id })
            }
            return [
                "username": .string(self.user.username),
                "favorites": .todos(favorites, projects: ProjectSummaries(projects)),
                "hasFavorites": .bool(!favorites.isEmpty),
                "favoriteProjects": .list(favoriteProjects),
                "hasFavoriteProjects": .bool(!favoriteProjects.isEmpty),
                "openSummary": .string(Self.summary(open: todos.count { !$0.isDone })),
            ]
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
