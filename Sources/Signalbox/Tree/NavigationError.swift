/// Every way a navigation operation, a path, a step or a snapshot can fail — as a value.
///
/// Each case carries what a user (or a log reader) needs: the route, the segment, the reason.
/// A host maps them to its protocol in one place, by ``kind``.
public enum NavigationError: Error, Sendable, Equatable {
    /// A path segment names no route of the coordinator at that position.
    case unknownRoute(segment: String, coordinator: String, path: String)
    /// The route exists but what its input names does not (a guard said so), e.g. a deleted todo.
    case notFound(route: String, reason: String)
    /// A route input segment could not be decoded.
    case badInput(route: String, segment: String, reason: String)
    /// A route that takes an input was given none (the path ended after its name).
    case missingInput(route: String)
    /// A root that needs an input (e.g. the logged-in user) was switched to without one.
    case missingRootInput(root: String)
    /// The path itself is malformed (no leading `/`, bad escapes).
    case malformedPath(path: String, reason: String)
    /// The tree would be deeper than ``NavigationTree/Configuration/maxDepth`` allows.
    case tooDeep(limit: Int)
    /// Nothing can be popped: the coordinator is at its root.
    case nothingToPop(coordinator: String)
    /// There is no presented modal or full-screen entry to dismiss.
    case nothingToDismiss
    /// The top presentation was declared `.modal(dismissible: false)`.
    case notDismissible(route: String)
    /// `focusFirst` found no entry for the route.
    case routeNotFound(route: String, coordinator: String)
    /// `dismissCoordinator` on a coordinator its parent cannot remove (a root or a tab).
    case cannotDismiss(coordinator: String, reason: String)
    /// An operation on a coordinator that was already popped or dismissed.
    case coordinatorDismissed(coordinator: String)
    /// A guard refused the operation.
    case refused(route: String, reason: String)
    /// A guard redirected an operation the app called elsewhere; nothing changed.
    case redirect(to: String)
    /// A step travelled to the root without any coordinator handling it.
    case unhandledStep(step: String)
    /// A deep link reached no coordinator that handles it.
    case unhandledDeepLink(link: String)
    /// `finish(with:)` where no enclosing route declares a result handler.
    case noResultExpected(screen: String)
    /// `finish(with:)` with a value of the wrong type for the route's handler.
    case resultTypeMismatch(route: String, expected: String, actual: String)
    /// The screen does not accept forms.
    case formNotAccepted(screen: String)
    /// No tab coordinator on the active branch, or no tab of that name.
    case unknownTab(name: String)
    /// The snapshot does not fit the tree's coordinator types or routes.
    case snapshotMismatch(reason: String)
    /// No coordinator of the type asked for is at or above the screen (a router or coordinator
    /// look-up by type).
    case coordinatorNotFound(type: String)

    /// Coarse categories, for hosts that map errors to a protocol.
    public enum Kind: Sendable, Equatable {
        /// The target does not exist.
        case notFound
        /// The path or input is malformed or invalid.
        case badRequest
        /// The operation is not possible in the current state.
        case conflict
        /// A guard refused.
        case forbidden
        /// A guard sent the navigation elsewhere.
        case redirect
        /// A programming error in the app.
        case internalError
    }

    /// The category of this error.
    public var kind: Kind {
        switch self {
        case .unknownRoute, .notFound, .routeNotFound, .unknownTab: .notFound
        case .badInput, .missingInput, .malformedPath, .tooDeep, .formNotAccepted: .badRequest
        case .nothingToPop, .nothingToDismiss, .notDismissible, .cannotDismiss, .coordinatorDismissed,
            .missingRootInput:
            .conflict
        case .refused: .forbidden
        case .redirect: .redirect
        case .unhandledStep, .unhandledDeepLink, .noResultExpected, .resultTypeMismatch, .snapshotMismatch,
            .coordinatorNotFound:
            .internalError
        }
    }
}

extension NavigationError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unknownRoute(let segment, let coordinator, let path):
            "No route \"\(segment)\" in \(coordinator) (path \(path))"
        case .notFound(let route, let reason):
            "Not found (\(route)): \(reason)"
        case .badInput(let route, let segment, let reason):
            "Bad input \"\(segment)\" for route \"\(route)\": \(reason)"
        case .missingInput(let route):
            "Route \"\(route)\" needs an input segment after its name"
        case .missingRootInput(let root):
            "Root \"\(root)\" needs an input that the path cannot provide"
        case .malformedPath(let path, let reason):
            "Malformed path \"\(path)\": \(reason)"
        case .tooDeep(let limit):
            "The navigation would be deeper than \(limit) levels"
        case .nothingToPop(let coordinator):
            "Nothing to pop: \(coordinator) is at its root"
        case .nothingToDismiss:
            "Nothing to dismiss: no modal or full-screen presentation is open"
        case .notDismissible(let route):
            "\"\(route)\" cannot be dismissed by the user"
        case .routeNotFound(let route, let coordinator):
            "No entry for route \"\(route)\" in \(coordinator)"
        case .cannotDismiss(let coordinator, let reason):
            "\(coordinator) cannot be dismissed: \(reason)"
        case .coordinatorDismissed(let coordinator):
            "\(coordinator) was already dismissed"
        case .refused(let route, let reason):
            "Navigation to \"\(route)\" refused: \(reason)"
        case .redirect(let path):
            "Redirected to \(path)"
        case .unhandledStep(let step):
            "No coordinator handled the step \(step)"
        case .unhandledDeepLink(let link):
            "No coordinator handled the deep link \(link)"
        case .noResultExpected(let screen):
            "\(screen) finished with a value, but no enclosing route expects a result"
        case .resultTypeMismatch(let route, let expected, let actual):
            "Route \"\(route)\" expects a result of type \(expected), got \(actual)"
        case .formNotAccepted(let screen):
            "The screen \"\(screen)\" does not accept forms"
        case .unknownTab(let name):
            "No tab named \"\(name)\" is open"
        case .snapshotMismatch(let reason):
            "The snapshot does not fit this tree: \(reason)"
        case .coordinatorNotFound(let type):
            "No \(type) at or above the screen"
        }
    }
}
