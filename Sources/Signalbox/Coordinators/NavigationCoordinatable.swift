/// A coordinator with a stack: one active root and entries pushed or presented on top
/// (Stinsen's `NavigationCoordinatable`).
///
/// ```swift
/// final class TodosCoordinator: NavigationCoordinatable {
///     let stack = NavigationStack(initial: \TodosCoordinator.start)
///     @Root var start = makeStart
///     @Route(.push) var todo = makeTodo
///     @Route(.modal) var createTodo = makeCreateTodo
///     func makeStart() -> TodoListScreen { ... }
///     func makeTodo(id: Int) -> TodoScreen { ... }
///     func makeCreateTodo() -> CreateTodoScreen { ... }
/// }
/// ```
///
/// Operations throw ``NavigationError`` values instead of trapping, so chains read
/// `try coordinator.popToRoot().route(to: \.todo, 3)`.
public protocol NavigationCoordinatable: Coordinatable {
    /// The coordinator's stack; declare it with its initial root.
    var stack: NavigationStack<Self> { get }
}

extension NavigationCoordinatable {
    public var coordinatorNode: CoordinatorNode { self.stack }

    /// This coordinator's router, for screens and view models.
    public typealias Router = NavigationRouter<Self>

    /// A router for this coordinator, acting as if handed to the top screen.
    public var router: NavigationRouter<Self> {
        NavigationRouter(self, id: self.node.items.count - 1)
    }

    // MARK: route(to:)

    /// Pushes or presents a screen route without input.
    @discardableResult
    public func route<Output: Screen>(
        to route: KeyPath<Self, Transition<Self, PresentedRoute, Void, Output>>,
        onDismiss: (() -> Void)? = nil
    ) throws(NavigationError) -> Self {
        try self.push(RouteRegistry.routeIndex(of: route, in: self), input: (), onDismiss: onDismiss)
        return self
    }

    /// Pushes or presents a screen route with its input.
    @discardableResult
    public func route<Input, Output: Screen>(
        to route: KeyPath<Self, Transition<Self, PresentedRoute, Input, Output>>,
        _ input: Input,
        onDismiss: (() -> Void)? = nil
    ) throws(NavigationError) -> Self {
        try self.push(RouteRegistry.routeIndex(of: route, in: self), input: input, onDismiss: onDismiss)
        return self
    }

    /// Pushes or presents a child coordinator; returns it so the chain can continue inside.
    @discardableResult
    public func route<Output: Coordinatable>(
        to route: KeyPath<Self, Transition<Self, PresentedRoute, Void, Output>>,
        onDismiss: (() -> Void)? = nil
    ) throws(NavigationError) -> Output {
        let content = try self.push(RouteRegistry.routeIndex(of: route, in: self), input: (), onDismiss: onDismiss)
        return content.coordinator as! Output
    }

    /// Pushes or presents a child coordinator with its input; returns it.
    @discardableResult
    public func route<Input, Output: Coordinatable>(
        to route: KeyPath<Self, Transition<Self, PresentedRoute, Input, Output>>,
        _ input: Input,
        onDismiss: (() -> Void)? = nil
    ) throws(NavigationError) -> Output {
        let content = try self.push(RouteRegistry.routeIndex(of: route, in: self), input: input, onDismiss: onDismiss)
        return content.coordinator as! Output
    }

    @discardableResult
    private func push(_ index: Int, input: Any, onDismiss: (() -> Void)?) throws(NavigationError) -> Content {
        let node = self.node
        try node.checkAlive()
        return try node.pushRoute(index, input: node.table.routes[index].input == nil ? nil : input, onDismiss: onDismiss)
    }

    // MARK: Popping

    /// Removes the top entry, whether pushed or presented.
    ///
    /// - Throws: ``NavigationError/nothingToPop(coordinator:)`` at the root.
    @discardableResult
    public func popLast() throws(NavigationError) -> Self {
        let node = self.node
        try node.checkAlive()
        guard !node.items.isEmpty else { throw .nothingToPop(coordinator: node.displayName) }
        node.truncate(to: node.items.count - 1)
        return self
    }

    /// Removes every entry above the root. A no-op at the root.
    @discardableResult
    public func popToRoot() -> Self {
        self.node.truncate(to: 0)
        return self
    }

    /// Pops until the entry at `index` is on top; `-1` means the root.
    ///
    /// - Throws: ``NavigationError/routeNotFound(route:coordinator:)`` for an index outside the stack.
    @discardableResult
    public func popTo(_ index: Int) throws(NavigationError) -> Self {
        let node = self.node
        try node.checkAlive()
        guard index >= -1, index < node.items.count else {
            throw .routeNotFound(route: "#\(index)", coordinator: node.displayName)
        }
        node.truncate(to: index + 1)
        return self
    }

    /// Pops until the last entry of `route` is on top.
    @discardableResult
    public func popTo<Input, Output>(
        _ route: KeyPath<Self, Transition<Self, PresentedRoute, Input, Output>>
    ) throws(NavigationError) -> Self {
        let node = self.node
        try node.checkAlive()
        let index = RouteRegistry.routeIndex(of: route, in: self)
        guard let position = node.items.lastIndex(where: { $0.route == index }) else {
            throw .routeNotFound(route: node.table.routes[index].name, coordinator: node.displayName)
        }
        node.truncate(to: position + 1)
        return self
    }

    // MARK: focusFirst

    /// Pops until the first entry of a screen route is on top.
    @discardableResult
    public func focusFirst<Input, Output: Screen>(
        _ route: KeyPath<Self, Transition<Self, PresentedRoute, Input, Output>>
    ) throws(NavigationError) -> Self {
        _ = try self.focus(RouteRegistry.routeIndex(of: route, in: self), input: nil)
        return self
    }

    /// Pops until the first entry of a screen route with an equal input is on top.
    @discardableResult
    public func focusFirst<Input: PathSegmentConvertible, Output: Screen>(
        _ route: KeyPath<Self, Transition<Self, PresentedRoute, Input, Output>>, _ input: Input
    ) throws(NavigationError) -> Self {
        _ = try self.focus(RouteRegistry.routeIndex(of: route, in: self), input: PathCodec.encodeInput(input.pathSegment))
        return self
    }

    /// Pops until the first entry of a coordinator route is on top; returns that coordinator.
    @discardableResult
    public func focusFirst<Input, Output: Coordinatable>(
        _ route: KeyPath<Self, Transition<Self, PresentedRoute, Input, Output>>
    ) throws(NavigationError) -> Output {
        try self.focus(RouteRegistry.routeIndex(of: route, in: self), input: nil).coordinator as! Output
    }

    private func focus(_ index: Int, input segment: String?) throws(NavigationError) -> Content {
        let node = self.node
        try node.checkAlive()
        guard
            let position = node.items.firstIndex(where: {
                $0.route == index && (segment == nil || $0.inputSegment == segment)
            })
        else {
            throw .routeNotFound(route: node.table.routes[index].name, coordinator: node.displayName)
        }
        node.truncate(to: position + 1)
        return node.items[position].content
    }

    // MARK: Roots

    /// Switches to a root without input (popping the stack). A no-op if it is already active.
    @discardableResult
    public func root<Output: Screen>(
        _ root: KeyPath<Self, Transition<Self, RootRoute, Void, Output>>
    ) throws(NavigationError) -> Self {
        _ = try self.switchRoot(RouteRegistry.routeIndex(of: root, in: self), input: nil)
        return self
    }

    /// Switches to a root with an input. A no-op if it is active with an equal input.
    @discardableResult
    public func root<Input: Codable, Output: Screen>(
        _ root: KeyPath<Self, Transition<Self, RootRoute, Input, Output>>, _ input: Input
    ) throws(NavigationError) -> Self {
        _ = try self.switchRoot(RouteRegistry.routeIndex(of: root, in: self), input: input)
        return self
    }

    /// Switches to a coordinator root without input; returns the root coordinator.
    @discardableResult
    public func root<Output: Coordinatable>(
        _ root: KeyPath<Self, Transition<Self, RootRoute, Void, Output>>
    ) throws(NavigationError) -> Output {
        try self.switchRoot(RouteRegistry.routeIndex(of: root, in: self), input: nil).coordinator as! Output
    }

    /// Switches to a coordinator root with an input; returns the root coordinator.
    @discardableResult
    public func root<Input: Codable, Output: Coordinatable>(
        _ root: KeyPath<Self, Transition<Self, RootRoute, Input, Output>>, _ input: Input
    ) throws(NavigationError) -> Output {
        try self.switchRoot(RouteRegistry.routeIndex(of: root, in: self), input: input).coordinator as! Output
    }

    private func switchRoot(_ index: Int, input: Any?) throws(NavigationError) -> Content {
        let node = self.node
        try node.checkAlive()
        return try node.switchRoot(to: index, input: input)
    }

    /// Whether `root` is the active root.
    public func isRoot<Input, Output>(_ root: KeyPath<Self, Transition<Self, RootRoute, Input, Output>>) -> Bool {
        self.node.root?.route == RouteRegistry.routeIndex(of: root, in: self)
    }

    /// The active root's coordinator if `root` is the active root.
    public func hasRoot<Input, Output: Coordinatable>(
        _ root: KeyPath<Self, Transition<Self, RootRoute, Input, Output>>
    ) -> Output? {
        guard self.isRoot(root) else { return nil }
        return self.node.root?.content.coordinator as? Output
    }

    /// The active root's input, if `root` is active and took one.
    public func rootInput<Input, Output>(_ root: KeyPath<Self, Transition<Self, RootRoute, Input, Output>>) -> Input? {
        guard self.isRoot(root) else { return nil }
        return self.node.root?.input as? Input
    }

    /// The screen on top of this coordinator's own stack (not of its children).
    public var topScreen: (any Screen)? {
        let node = self.node
        let content = node.items.last?.content ?? node.root?.content
        if case .screen(let screen)? = content { return screen }
        return nil
    }
}

extension CoordinatorNode {
    /// Builds and appends a route's output, after the guard and depth checks.
    func pushRoute(_ index: Int, input: Any?, onDismiss: (() -> Void)?) throws(NavigationError) -> Content {
        guard let owner = self.owner else { throw .coordinatorDismissed(coordinator: self.displayName) }
        let route = self.table.routes[index]
        guard let presentation = route.presentation else {
            throw .routeNotFound(route: route.name, coordinator: self.displayName)
        }
        try self.checkGuard(route: index, kind: .route(presentation), input: input, origin: .operation)
        try self.checkDepth(adding: 1)
        let segment = route.input.flatMap { codec in input.map { PathCodec.encodeInput(codec.encode($0)) } }
        let content = route.make(owner, input)
        self.append(
            Entry(route: index, presentation: presentation, input: input, inputSegment: segment, content: content,
                onDismiss: onDismiss))
        return content
    }

    /// Switches the root, unless it is already active with an equal input.
    func switchRoot(to index: Int, input: Any?) throws(NavigationError) -> Content {
        guard let owner = self.owner else { throw .coordinatorDismissed(coordinator: self.displayName) }
        let route = self.table.routes[index]
        if let current = self.root, current.route == index {
            if route.rootInput == nil { return current.content }
            if let codec = route.rootInput, let old = current.input, let new = input,
                (try? codec.encode(old)) == (try? codec.encode(new))
            {
                return current.content
            }
        }
        if route.rootInput != nil && input == nil { throw .missingRootInput(root: route.name) }
        try self.checkGuard(route: index, kind: .root, input: input, origin: .operation)
        let content = route.make(owner, input)
        self.replaceRoot(with: Entry(route: index, presentation: nil, input: input, inputSegment: nil, content: content))
        return content
    }
}
