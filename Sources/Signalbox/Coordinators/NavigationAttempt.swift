/// A navigation a coordinator's guard is asked about (see ``Coordinatable/guardNavigation(_:)``).
///
/// Build one in a unit test to check a guard on its own:
///
/// ```swift
/// let attempt = NavigationAttempt(route: "todo", kind: .route(.push), input: 3, origin: .path("/todos/todo/3"))
/// #expect(try await coordinator.guardNavigation(attempt) == .notFound("There is no todo 3."))
/// ```
public struct NavigationAttempt {
    /// What kind of navigation.
    public enum Kind: Sendable, Equatable {
        /// Switching to a root.
        case root
        /// Pushing or presenting a route.
        case route(Presentation)
        /// Selecting a tab.
        case tab
    }

    /// Where the navigation comes from.
    public enum Origin: Sendable, Equatable {
        /// Reshaping the tree to a requested path (following a link, Back, a bookmark).
        case path(String)
        /// An operation the app called (a coordinator or router method, a form handler).
        case operation
    }

    /// The route's name (its path segment).
    public let route: String
    public let kind: Kind
    /// The input, when the route takes one and it is known.
    public let input: Any?
    public let origin: Origin

    public init(route: String, kind: Kind, input: Any? = nil, origin: Origin) {
        self.route = route
        self.kind = kind
        self.input = input
        self.origin = origin
    }
}

/// A guard's answer.
public enum GuardDecision: Sendable, Equatable {
    /// Go ahead.
    case allow
    /// Refuse, with a reason for the user.
    case refuse(String)
    /// The input names nothing that exists, e.g. a deleted todo.
    case notFound(String)
    /// Go to another path instead. When the attempt came from a path and `resume` is `true`,
    /// the tree keeps that path as ``NavigationTree/pendingPath`` so the app can continue there
    /// later (e.g. after login); pass `resume: false` for redirects that are not detours (e.g.
    /// Back to the login page while signed in). An operation the app called cannot be
    /// redirected: it fails with ``NavigationError/redirect(to:)``.
    case redirect(to: String, resume: Bool = true)
}
