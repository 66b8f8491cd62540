/// A guard's answer (see ``Coordinatable/guardNavigation(_:)``).
///
/// Redirects name a route of the guarded coordinator by key path, with its input, so the
/// compiler checks them as it checks `route(to:)`:
///
/// ```swift
/// return .redirect(to: \.unauthenticated)        // this coordinator's root
/// return .redirect(to: \.todo, 3)                // its stack: the root, then todo 3
/// return .redirect(toPath: "/help/signing-in")   // any path of the app, as text
/// ```
public struct GuardDecision<Coordinator: Coordinatable>: Equatable {
    let verdict: GuardVerdict

    /// Go ahead.
    public static var allow: Self { Self(verdict: .allow) }

    /// Refuse, with a reason for the user.
    public static func refuse(_ reason: String) -> Self { Self(verdict: .refuse(reason)) }

    /// The input names nothing that exists, e.g. a deleted todo.
    public static func notFound(_ reason: String) -> Self { Self(verdict: .notFound(reason)) }

    /// Stay on the page the user is on: nothing changes, and a request for a path answers with
    /// the current one (e.g. Back to the login page while signed in).
    public static var stay: Self { Self(verdict: .redirect(.current, resume: false)) }

    /// Go to `route` of this coordinator instead: its path is the coordinator's own path
    /// followed by the route (a root, a tab, or a route pushed on the coordinator's root).
    ///
    /// When the attempt came from a path and `resume` is `true`, the tree keeps that path as
    /// ``NavigationTree/pendingPath`` so the app can continue there later (after a login, say).
    /// An operation the app called cannot be redirected: it fails with
    /// ``NavigationError/redirect(to:)``.
    public static func redirect<K, O>(
        to route: KeyPath<Coordinator, Transition<Coordinator, K, Void, O>>,
        resume: Bool = true
    ) -> Self {
        Self(verdict: .redirect(.route(route, input: nil), resume: resume))
    }

    /// Go to `route` of this coordinator, with `input`, instead (see ``redirect(to:resume:)``).
    public static func redirect<K, I, O>(
        to route: KeyPath<Coordinator, Transition<Coordinator, K, I, O>>,
        _ input: I,
        resume: Bool = true
    ) -> Self {
        Self(verdict: .redirect(.route(route, input: RedirectInput(input)), resume: resume))
    }

    /// Go to another path of the app, given as text (a path the tree's routes do not describe
    /// in this coordinator, e.g. under another root). Prefer the typed forms: they cannot go
    /// stale when a route is renamed.
    public static func redirect(toPath path: String, resume: Bool = true) -> Self {
        Self(verdict: .redirect(.path(path), resume: resume))
    }
}

/// A guard's answer with its coordinator type erased, as the tree acts on it.
enum GuardVerdict: Equatable {
    case allow
    case refuse(String)
    case notFound(String)
    case redirect(RedirectTarget, resume: Bool)
}

/// Where a guard redirects to.
enum RedirectTarget: Equatable {
    /// A route of the guarded coordinator, with its input.
    case route(AnyKeyPath, input: RedirectInput?)
    /// A path of the app.
    case path(String)
    /// The tree's current path.
    case current
}

/// A redirect's input: the value, and what tells two apart (its description, as the value is
/// of any type a route takes).
struct RedirectInput: Equatable {
    let value: Any
    private let identity: String

    init(_ value: Any) {
        self.value = value
        self.identity = String(reflecting: value)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }
}
