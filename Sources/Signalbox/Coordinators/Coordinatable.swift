/// Anything that owns a piece of navigation: a navigation stack, a tab bar, or a wrapper.
///
/// Conform through ``NavigationCoordinatable`` or ``TabCoordinatable`` (or use
/// ``WrapperCoordinator``). Coordinators must be classes; make them `final`. Implement
/// ``handle(_:)`` to handle ``Step``s and ``guardNavigation(_:)`` to refuse or redirect
/// navigation. Both may `await` (a database, a service) and throw.
public protocol Coordinatable: AnyObject, SendableMetatype {
    /// Handles a step emitted by a screen of this coordinator or passed up from a child.
    /// Return `true` when handled; `false` lets the step travel to the parent.
    /// The default handles nothing.
    func handle(_ step: any Step) async throws -> Bool

    /// Decides whether a navigation into one of this coordinator's routes may happen. It is
    /// asked before anything changes, so a refusal (or an error it throws) leaves the tree as it
    /// was. The default allows everything.
    ///
    /// ```swift
    /// func guardNavigation(_ attempt: NavigationAttempt) async throws -> GuardDecision {
    ///     guard attempt.route == "todo", let id = attempt.input as? Int else { return .allow }
    ///     return try await store.todo(id: id, of: user) == nil ? .notFound("There is no todo \(id).") : .allow
    /// }
    /// ```
    func guardNavigation(_ attempt: NavigationAttempt) async throws -> GuardDecision
}

extension Coordinatable {
    public func handle(_ step: any Step) async throws -> Bool { false }

    public func guardNavigation(_ attempt: NavigationAttempt) async throws -> GuardDecision { .allow }

    /// The node of this coordinator, bound to it.
    var node: CoordinatorNode {
        let node: CoordinatorNode
        if let navigation = self as? any NavigationCoordinatable {
            node = nodeOfStack(navigation)
        } else if let tabs = self as? any TabCoordinatable {
            node = nodeOfTabs(tabs)
        } else if let wrapper = self as? any WrapperNodeOwner {
            node = wrapper.wrapperNode
        } else {
            // Neither a stack, tabs nor a wrapper: a node holding nothing, so every operation on
            // it is a clear error rather than a trap.
            node = CoordinatorNode()
        }
        node.bind(to: self)
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
    ///   detached coordinator; what a result or dismiss handler throws.
    public func dismissCoordinator() async throws {
        var hooks = HookQueue()
        try self.node.dismissFromParent(&hooks)
        try await hooks.run()
    }

    /// Ends the flow this coordinator was presented for with `value`: the presenting route's
    /// `onResult` handler receives `.finished(value)`.
    public func finish(with value: Any) async throws {
        let node = self.node
        var hooks = HookQueue()
        try node.finishFromParent(with: value, screen: node.displayName, &hooks)
        try await hooks.run()
    }

    /// Sends a step to this coordinator; unhandled steps travel up its parents.
    ///
    /// - Throws: ``NavigationError/unhandledStep(step:)`` when nobody handles it; errors thrown
    ///   by a handler are rethrown unchanged.
    public func send(_ step: any Step) async throws {
        try await self.node.send(step)
    }
}

private func nodeOfStack<C: NavigationCoordinatable>(_ coordinator: C) -> CoordinatorNode { coordinator.stack.node }
private func nodeOfTabs<C: TabCoordinatable>(_ coordinator: C) -> CoordinatorNode { coordinator.child.node }
