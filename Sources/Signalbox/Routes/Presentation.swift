/// How a route's output is shown on top of its coordinator's stack.
///
/// Every presentation is a stack entry and a path segment, so going back closes it and the path
/// reopens it. `push` continues its presenter's flow, `modal` shows over its presenter, and
/// `fullScreen` takes its presenter's place until it is closed.
public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable {
    /// A page pushed on the stack.
    case push
    /// A dismissible modal over the presenter.
    case modal
    /// A modal the user cannot close; only the app (or browser history) can.
    case modalNonDismissible
    /// A presentation that replaces the page.
    case fullScreen

    /// A modal, dismissible or not.
    public static func modal(dismissible: Bool) -> Presentation {
        dismissible ? .modal : .modalNonDismissible
    }

    /// Whether this is a modal or full-screen presentation (as opposed to a push).
    public var isPresentation: Bool { self != .push }

    /// Whether the user may close it.
    public var isDismissible: Bool { self != .modalNonDismissible }
}

/// What re-selecting an already active tab does.
public enum TabReselection: Sendable, Hashable {
    /// Nothing (the default).
    case keepStack
    /// Pops the tab's navigation to its root, like Stinsen's `onTapped` idiom.
    case popToRoot
}

/// The outcome of a presented sub-flow, delivered to the presenter's result handler.
///
/// `finished` carries the value the flow answered with; `cancelled` means the flow was removed
/// without answering (popped, dismissed, replaced by a root switch, or left through Back).
public enum RouteResult<Value> {
    case finished(Value)
    case cancelled

    /// The value, when finished.
    public var value: Value? {
        if case .finished(let value) = self { return value }
        return nil
    }
}

extension RouteResult: Sendable where Value: Sendable {}
extension RouteResult: Equatable where Value: Equatable {}
