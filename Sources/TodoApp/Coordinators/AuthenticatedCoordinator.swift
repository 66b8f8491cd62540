public import Signalbox

/// The signed-in part: five tabs, each keeping its own stack while another is shown.
///
/// Paths: `/authenticated/home`, `/authenticated/todos/...`, `/authenticated/projects/...`,
/// `/authenticated/profile/...`, `/authenticated/testbed/...`.
public final class AuthenticatedCoordinator: TabCoordinatable {
    /// The tabs, Home first.
    public let child = TabChild(startingItems: [
        \AuthenticatedCoordinator.home, \.todos, \.projects, \.profile, \.testbed,
    ])
    @Route(tab: "Home", icon: "house") var home = makeHome
    @Route(tab: "Todos", icon: "checklist") var todos = makeTodos
    @Route(tab: "Projects", icon: "folder") var projects = makeProjects
    @Route(tab: "Profile", icon: "person") var profile = makeProfile
    @Route(tab: "Testbed", icon: "flask", onReselect: .popToRoot) var testbed = makeTestbed

    /// The signed-in user.
    public let user: User
    let store: any TodoStore

    init(user: User, store: any TodoStore) {
        self.user = user
        self.store = store
    }

    func makeHome() -> HomeScreen { HomeScreen(user: self.user, store: self.store) }

    func makeTodos() -> WrapperCoordinator<TodosCoordinator> {
        WrapperCoordinator(
            TodosCoordinator(user: self.user, store: self.store),
            template: "wrappers/flow",
            viewModel: ["flow": "todos"]
        )
    }

    func makeProjects() -> ProjectsCoordinator { ProjectsCoordinator(user: self.user, store: self.store) }
    func makeProfile() -> ProfileCoordinator { ProfileCoordinator(user: self.user, store: self.store) }
    func makeTestbed() -> TestbedCoordinator { TestbedCoordinator(level: 1) }

    /// Shows a todo from anywhere: selects the Todos tab, pops it to its list and pushes the
    /// todo (Stinsen's favourite-tap chain).
    @discardableResult
    public func showTodo(_ id: Int) async throws -> TodosCoordinator {
        try await self.focusFirst(\.todos).child.popToRoot().route(to: \.todo, id)
    }
}
