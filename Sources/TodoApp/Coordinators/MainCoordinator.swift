public import Signalbox

/// The root of every session's tree: the signed-out flow or the signed-in tabs.
///
/// Paths start with the active root's name: `/unauthenticated/...` or `/authenticated/...`.
/// The `authenticated` root takes the signed-in ``User`` as input, so only ``logIn(_:)`` can
/// enter it; a link into `/authenticated/...` while signed out lands on the login page (the
/// tree keeps the link as its pending path) and continues there after login.
///
/// ```swift
/// let tree = NavigationTree(root: MainCoordinator(store: InMemoryTodoStore.demo()))
/// tree.path   // "/unauthenticated"
/// ```
public final class MainCoordinator: NavigationCoordinatable {
    /// The stack: starts signed out.
    public let stack = NavigationStack(initial: \MainCoordinator.unauthenticated)
    @Root var unauthenticated = makeUnauthenticated
    @Root var authenticated = makeAuthenticated

    let store: any TodoStore

    /// Creates the root coordinator of one session.
    public init(store: any TodoStore) {
        self.store = store
    }

    func makeUnauthenticated() -> WrapperCoordinator<UnauthenticatedCoordinator> {
        WrapperCoordinator(UnauthenticatedCoordinator(store: self.store), template: "wrappers/auth")
    }

    func makeAuthenticated(user: User) -> AuthenticatedCoordinator {
        AuthenticatedCoordinator(account: Account(user: user, store: self.store))
    }

    /// The signed-in user, or `nil` when signed out.
    public var user: User? {
        self.rootInput(\.authenticated)
    }

    /// Switches to the signed-in tabs, then continues to the link the user was sent away from,
    /// when there is one under `/authenticated/`.
    public func logIn(_ user: User) async throws {
        try await self.root(\.authenticated, user)
        // A link that leads nowhere any more (say, a deleted todo) leaves the user on the tabs.
        await self.tree?.resumePendingPath()
    }

    /// Switches back to the login flow; the signed-in tree is released.
    public func logOut() async throws {
        self.tree?.pendingPath = nil
        try await self.root(\.unauthenticated)
    }

    /// Handles ``SessionStep``s from the login, registration and profile screens.
    public func handle(_ step: any Step) async throws -> Bool {
        switch step as? SessionStep {
        case .loggedIn(let user)?:
            try await self.logIn(user)
            return true
        case .loggedOut?:
            try await self.logOut()
            return true
        case nil:
            return false
        }
    }

    /// Paths may not switch roots: entering needs a login, leaving needs a logout.
    public func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        guard case .path = attempt.origin else { return .allow }
        if attempt.targets(\.authenticated) { return .redirect(to: \.unauthenticated) }
        // Back to the login page while signed in: stay where the user is. Not a detour, so the
        // login page is not kept as a path to return to.
        if attempt.targets(\.unauthenticated), self.user != nil { return .stay }
        return .allow
    }
}
