/// Anything that owns a piece of navigation: a navigation stack, a tab bar, or a wrapper.
///
/// Conform through ``NavigationCoordinatable``, ``TabCoordinatable`` or ``WrapperCoordinatable``
/// (or use ``WrapperCoordinator``, ``AnyCoordinator``). Coordinators must be classes; make them
/// `final`. Implement ``handle(_:)`` to handle ``Step``s and ``guardNavigation(_:)`` to refuse or
/// redirect navigation. Both may `await` (a database, a service) and throw.
public protocol Coordinatable: AnyObject, SendableMetatype {
    /// Handles a step emitted by a screen of this coordinator or passed up from a child.
    /// Return `true` when handled; `false` lets the step travel to the parent.
    /// The default handles nothing.
    func handle(_ step: any Step) async throws -> Bool

    /// Decides whether a navigation into one of this coordinator's routes may happen. It is
    /// asked before anything changes, so a refusal (or an error it throws) leaves the tree as it
    /// was. The default allows everything.
    ///
    /// The attempt and the decision name routes by key path (``Attempt`` and ``Decision`` are
    /// this coordinator's ``NavigationAttempt`` and ``GuardDecision``):
    ///
    /// ```swift
    /// func guardNavigation(_ attempt: Attempt) async throws -> Decision {
    ///     guard let id = attempt.input(for: \.todo) else { return .allow }
    ///     return try await store.todo(id: id, of: user) == nil ? .notFound("There is no todo \(id).") : .allow
    /// }
    /// ```
    func guardNavigation(_ attempt: NavigationAttempt<Self>) async throws -> GuardDecision<Self>

    /// Starts this coordinator with a step, as Swordinator's `start(step:)` does: called by
    /// ``StackOperations/route(to:startingWith:onDismiss:)`` once the coordinator is on the stack.
    /// The default hands the step to ``handle(_:)`` of this coordinator alone; a step it does not
    /// handle is an error (``NavigationError/unhandledStep(step:)``), not passed to the parent.
    ///
    /// A step is an action, not state: a coordinator rebuilt from a path or a snapshot is not
    /// started again, so what the step does must show in the path (push a route, say).
    func start(step: any Step) async throws

    /// A template that frames every page of this coordinator and of the coordinators below it,
    /// as a wrapper's does — Stinsen's `customize(_:)`, for a coordinator of any kind. Asked on
    /// every walk of the branch, so it may depend on the coordinator's state. The default frames
    /// nothing.
    ///
    /// ```swift
    /// func customize() -> WrapperCoordinatorInfo? {
    ///     WrapperCoordinatorInfo(template: "frames/checkout", viewModel: ["step": .int(self.stack.count + 1)])
    /// }
    /// ```
    func customize() -> WrapperCoordinatorInfo?
}

extension Coordinatable {
    /// A navigation this coordinator's guard is asked about.
    public typealias Attempt = NavigationAttempt<Self>
    /// What this coordinator's guard answers.
    public typealias Decision = GuardDecision<Self>

    public func customize() -> WrapperCoordinatorInfo? { nil }

    public func handle(_ step: any Step) async throws -> Bool { false }

    public func start(step: any Step) async throws {
        guard try await self.handle(step) else {
            throw NavigationError.unhandledStep(step: String(describing: step))
        }
    }

    public func guardNavigation(_ attempt: NavigationAttempt<Self>) async throws -> GuardDecision<Self> { .allow }

    /// The node of this coordinator, bound to it.
    var node: CoordinatorNode {
        let node = CoordinatorNode.of(self)
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
    /// the wrapper). Results of routes inside it are delivered as `.cancelled`; then `action`
    /// runs (Stinsen's `dismissCoordinator(_ action:)`).
    ///
    /// - Throws: ``NavigationError/cannotDismiss(coordinator:reason:)`` for a root, a tab or a
    ///   detached coordinator (and `action` does not run); what a handler throws.
    public func dismissCoordinator(_ action: DismissHandler? = nil) async throws {
        var hooks = HookQueue()
        try self.node.dismissFromParent(&hooks)
        if let action { hooks.dismissed(action) }
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
