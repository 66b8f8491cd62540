public import Signalbox

/// The Projects tab, a split view: the list beside a project (pushed, by id), and a full-screen
/// form for a new one.
///
/// Paths below `/authenticated/projects`: `/project/2`, `/createProject`.
public final class ProjectsCoordinator: SplitCoordinatable {
    /// The stack: starts on the list.
    public let stack = NavigationStack(initial: \ProjectsCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var project = makeProject
    @Route(.fullScreen) var createProject = makeCreateProject

    public var detailPlaceholder: String { "Choose a project to see its todos." }

    let account: Account
    var user: User { self.account.user }
    var store: any TodoStore { self.account.store }

    init(account: Account) {
        self.account = account
    }

    /// A project that does not exist is a 404.
    public func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        guard let id = attempt.input(for: \.project) else { return .allow }
        return try await self.store.project(id: id, of: self.user) == nil
            ? .notFound("There is no project \(id).") : .allow
    }

    func makeStart() -> ProjectListScreen { ProjectListScreen(account: self.account) }
    func makeProject(id: Int) -> ProjectScreen { ProjectScreen(id: id, account: self.account) }
    func makeCreateProject() -> CreateProjectScreen { CreateProjectScreen(account: self.account) }
}
