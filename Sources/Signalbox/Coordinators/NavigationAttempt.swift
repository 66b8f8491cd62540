/// A navigation a coordinator's guard is asked about (see ``Coordinatable/guardNavigation(_:)``).
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
        /// Reshaping the tree to a requested path (a GET, Back, a bookmark).
        case path(String)
        /// An operation called by the app (a router call, a form handler, `/_nav`).
        case operation
    }

    /// The route's name (its path segment).
    public let route: String
    public let kind: Kind
    /// The input, when the route takes one and it is known.
    public let input: Any?
    public let origin: Origin
}

/// A guard's answer.
public enum GuardDecision: Sendable, Equatable {
    /// Go ahead.
    case allow
    /// Refuse with a reason (the web layer answers 403).
    case refuse(String)
    /// The input names nothing that exists, e.g. a deleted todo (the web layer answers 404).
    case notFound(String)
    /// Go to another path instead. When the attempt came from a path and `resume` is `true`,
    /// the tree keeps that path as ``NavigationTree/pendingPath`` so the app can continue there
    /// later (e.g. after login); pass `resume: false` for redirects that are not detours (e.g.
    /// Back to the login page while signed in).
    case redirect(to: String, resume: Bool = true)
}
