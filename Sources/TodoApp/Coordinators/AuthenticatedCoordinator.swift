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

    let account: Account

    /// The signed-in user.
    public var user: User { self.account.user }
    var store: any TodoStore { self.account.store }

    init(account: Account) {
        self.account = account
    }

    func makeHome() -> HomeScreen { HomeScreen(account: self.account) }

    func makeTodos() -> WrapperCoordinator<TodosCoordinator> {
        WrapperCoordinator(
            TodosCoordinator(account: self.account),
            template: "wrappers/flow",
            viewModel: Self.todosFlow
        )
    }

    /// The Todos flow's wrapper model: one value for every session (a literal here would build
    /// one per session).
    private static let todosFlow: ViewModel = ["flow": "todos"]

    func makeProjects() -> ProjectsCoordinator { ProjectsCoordinator(account: self.account) }
    func makeProfile() -> ProfileCoordinator { ProfileCoordinator(account: self.account) }
    func makeTestbed() -> TestbedCoordinator { TestbedCoordinator(level: 1) }

    /// Shows a todo from anywhere: selects the Todos tab, pops it to its list and pushes the
    /// todo (Stinsen's favourite-tap chain).
    @discardableResult
    public func showTodo(_ id: Int) async throws -> TodosCoordinator {
        try await self.focusFirst(\.todos).child.popToRoot().route(to: \.todo, id)
    }
}
