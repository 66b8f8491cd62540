/// What can be done with a coordinator's stack, written once for the coordinator and for its
/// ``NavigationRouter``: whatever a coordinator can do with its stack, its router can too.
///
/// Every operation that may change the tree is `async`: it asks the coordinator's guard first
/// (an operation the guard refuses changes nothing) and runs the result and dismiss handlers of
/// the entries it removed before it returns.
///
/// ```swift
/// try await todos.popToRoot().route(to: \.todo, 3)                 // a coordinator
/// try await context.router(TodosCoordinator.self).pop().route(to: \.todo, id)   // a router
/// ```
public protocol StackOperations {
    /// The navigation coordinator whose stack the operations change.
    associatedtype Coordinator: NavigationCoordinatable

    /// The coordinator, while it is in its tree.
    ///
    /// - Throws: ``NavigationError/coordinatorDismissed(coordinator:)`` once it was popped,
    ///   dismissed or released.
    func stackCoordinator() throws(NavigationError) -> Coordinator
}

extension StackOperations {
    /// The coordinator, its node and the index of the route a key path names.
    func resolve<K, I, O>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, K, I, O>>
    ) throws(NavigationError) -> (Coordinator, StackNode, Int) {
        let coordinator = try self.stackCoordinator()
        let node = coordinator.stackNode
        return (coordinator, node, try RouteRegistry.routeIndex(of: route, in: coordinator, table: node.table))
    }

    // MARK: route(to:)

    /// Pushes or presents a screen route without input.
    ///
    /// - Parameters:
    ///   - route: The route, by key path: `\.settings`.
    ///   - onDismiss: Runs once the entry left the stack. A closure is not data: it
    ///   lives only as long as this entry in memory, so a tree rebuilt from a path or restored
    ///   from a snapshot (a session after a restart) does not have it. For something that must
    ///   survive, declare it on the route: `@Route(.modal, onResult: didClose)` receives
    ///   `.cancelled` when the entry leaves without an answer, also after a restore.
    @discardableResult
    public func route<Output: Screen>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Void, Output>>,
        onDismiss: DismissHandler? = nil
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(route)
        _ = try await node.push(index, input: (), onDismiss: onDismiss)
        return coordinator
    }

    /// Pushes or presents a screen route with its input.
    @discardableResult
    public func route<Input, Output: Screen>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>,
        _ input: Input,
        onDismiss: DismissHandler? = nil
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(route)
        _ = try await node.push(index, input: input, onDismiss: onDismiss)
        return coordinator
    }

    /// Pushes or presents a child coordinator; returns it so the chain can continue inside.
    @discardableResult
    public func route<Output: Coordinatable>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Void, Output>>,
        onDismiss: DismissHandler? = nil
    ) async throws -> Output {
        let (_, node, index) = try self.resolve(route)
        return try await node.push(index, input: (), onDismiss: onDismiss).output()
    }

    /// Pushes or presents a child coordinator with its input; returns it.
    @discardableResult
    public func route<Input, Output: Coordinatable>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>,
        _ input: Input,
        onDismiss: DismissHandler? = nil
    ) async throws -> Output {
        let (_, node, index) = try self.resolve(route)
        return try await node.push(index, input: input, onDismiss: onDismiss).output()
    }

    /// Pushes or presents a child coordinator, then starts it with `step`
    /// (``Coordinatable/start(step:)``, Swordinator's `start(step:)`); returns it.
    ///
    /// ```swift
    /// try await coordinator.route(to: \.checkout, startingWith: CheckoutStep.payment)
    /// ```
    ///
    /// When the start throws, the child stays on the stack and the error is rethrown.
    @discardableResult
    public func route<Output: Coordinatable>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Void, Output>>,
        startingWith step: any Step,
        onDismiss: DismissHandler? = nil
    ) async throws -> Output {
        let child = try await self.route(to: route, onDismiss: onDismiss)
        try await child.start(step: step)
        return child
    }

    /// Pushes or presents a child coordinator with its input, then starts it with `step`.
    @discardableResult
    public func route<Input, Output: Coordinatable>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>,
        _ input: Input,
        startingWith step: any Step,
        onDismiss: DismissHandler? = nil
    ) async throws -> Output {
        let child = try await self.route(to: route, input, onDismiss: onDismiss)
        try await child.start(step: step)
        return child
    }

    // MARK: Popping
    //
    // Each pop takes an optional completion action, as Stinsen's `popLast(_ action:)` does. It
    // runs once the entries are gone, after their result and dismiss handlers, and like them it
    // runs even when one of those throws (the first error is rethrown after all ran).

    /// Removes the top entry, whether pushed or presented.
    ///
    /// ```swift
    /// try await router.coordinator.popLast { await analytics.record("closed") }
    /// ```
    ///
    /// - Throws: ``NavigationError/nothingToPop(coordinator:)`` at the root.
    @discardableResult
    public func popLast(_ action: DismissHandler? = nil) async throws -> Coordinator {
        let coordinator = try self.stackCoordinator()
        let node = coordinator.stackNode
        guard !node.items.isEmpty else { throw NavigationError.nothingToPop(coordinator: node.displayName) }
        try await node.pop(to: .top(of: node.items.count - 1), then: action)
        return coordinator
    }

    /// Removes every entry above the root. A no-op at the root (where `action` still runs).
    @discardableResult
    public func popToRoot(_ action: DismissHandler? = nil) async throws -> Coordinator {
        let coordinator = try self.stackCoordinator()
        try await coordinator.stackNode.pop(to: .root, then: action)
        return coordinator
    }

    /// Pops until the entry at `position` is on top.
    ///
    /// - Throws: ``NavigationError/routeNotFound(route:coordinator:)`` for a position outside the stack.
    @discardableResult
    public func popTo(_ position: StackPosition, _ action: DismissHandler? = nil) async throws -> Coordinator {
        let coordinator = try self.stackCoordinator()
        try await coordinator.stackNode.pop(to: position, then: action)
        return coordinator
    }

    /// Pops until the last entry of `route` is on top.
    @discardableResult
    public func popTo<Input, Output>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>,
        _ action: DismissHandler? = nil
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(route)
        _ = try await node.focus(index, segment: nil, last: true, then: action)
        return coordinator
    }

    /// The screen on top of the coordinator's own stack (not of its children).
    public var topScreen: (any Screen)? {
        guard let node = try? self.stackCoordinator().stackNode else { return nil }
        if case .screen(let screen)? = (node.items.last ?? node.root)?.content { return screen }
        return nil
    }
}

extension Content {
    /// The coordinator a route built, as the route's declared output type.
    func output<Output>() -> Output {
        // The route's factory returned an `Output`, so the content holds one.
        switch self {
        case .coordinator(let child): child.coordinator as! Output
        case .screen(let screen): screen as! Output
        }
    }
}
