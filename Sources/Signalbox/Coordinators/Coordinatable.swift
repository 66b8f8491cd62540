/// Anything that owns a piece of navigation: a navigation stack, a tab bar, or a wrapper.
///
/// Conform through ``NavigationCoordinatable`` or ``TabCoordinatable`` (or use
/// ``WrapperCoordinator``); they provide ``coordinatorNode``. Coordinators must be classes; make
/// them `final`. Override ``handle(_:)`` to handle ``Step``s and ``guardNavigation(_:)`` to
/// refuse or redirect navigation.
public protocol Coordinatable: AnyObject, SendableMetatype {
    /// Signalbox's bookkeeping for this coordinator (its stack, tabs or wrapped child).
    /// Provided by ``NavigationCoordinatable``, ``TabCoordinatable`` and ``WrapperCoordinator``.
    var coordinatorNode: CoordinatorNode { get }

    /// Handles a step emitted by a screen of this coordinator or passed up from a child.
    /// Return `true` when handled; `false` lets the step travel to the parent.
    /// The default handles nothing.
    func handle(_ step: any Step) throws -> Bool

    /// Decides whether a navigation into one of this coordinator's routes may happen.
    /// The default allows everything.
    func guardNavigation(_ attempt: NavigationAttempt) -> GuardDecision
}

extension Coordinatable {
    public func handle(_ step: any Step) throws -> Bool { false }

    public func guardNavigation(_ attempt: NavigationAttempt) -> GuardDecision { .allow }

    /// The node, bound to this coordinator on first use.
    var node: CoordinatorNode {
        let node = self.coordinatorNode
        if node.table == nil { node.bind(to: self) }
        return node
    }

    /// The coordinator's parent in the tree, if it is attached to one.
    public var parentCoordinator: (any Coordinatable)? {
        self.node.parent?.owner
    }

    /// The tree this coordinator belongs to, if it is attached to one.
    public var tree: NavigationTree? {
        self.node.tree
    }

    /// Whether this coordinator was popped, dismissed or replaced.
    public var isDismissed: Bool {
        self.node.isDismissed
    }

    /// Removes this coordinator from its parent's stack (or, for a wrapped coordinator, removes
    /// the wrapper). Results of routes inside it are delivered as `.cancelled`.
    ///
    /// - Throws: ``NavigationError/cannotDismiss(coordinator:reason:)`` for a root, a tab or a
    ///   detached coordinator.
    public func dismissCoordinator() throws(NavigationError) {
        try self.node.dismissFromParent()
    }

    /// Ends the flow this coordinator was presented for with `value`: the presenting route's
    /// `onResult` handler receives `.finished(value)`.
    public func finish(with value: Any) throws(NavigationError) {
        try self.node.finishFromParent(with: value, screen: self.node.table.displayName)
    }

    /// Sends a step to this coordinator; unhandled steps travel up its parents.
    ///
    /// - Throws: ``NavigationError/unhandledStep(step:)`` when nobody handles it; errors thrown
    ///   by a handler are rethrown unchanged.
    public func send(_ step: any Step) throws {
        try self.node.send(step)
    }
}
