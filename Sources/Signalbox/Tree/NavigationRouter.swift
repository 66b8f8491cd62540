/// A handle on a navigation coordinator given to one of its screens (Stinsen's router).
///
/// The router holds its coordinator weakly and knows the stack index of the screen it was
/// handed to, so ``pop()`` removes exactly that screen and everything above it. Every operation
/// throws ``NavigationError/coordinatorDismissed(coordinator:)`` once the coordinator is gone.
///
/// ```swift
/// func submit(_ form: FormData, context: ScreenContext) throws -> Submission {
///     try context.router(TodosCoordinator.self)?.popToRoot().route(to: \.todo, id)
///     return .accepted
/// }
/// ```
public struct NavigationRouter<Coordinator: NavigationCoordinatable> {
    private weak var storage: Coordinator?
    /// The stack index of the screen holding the router; `-1` for the root screen.
    public let id: Int

    public init(_ coordinator: Coordinator, id: Int) {
        self.storage = coordinator
        self.id = id
    }

    /// The coordinator, while it is alive.
    public var coordinator: Coordinator? { self.storage }

    private func alive() throws(NavigationError) -> Coordinator {
        guard let coordinator = self.storage, !coordinator.isDismissed else {
            throw .coordinatorDismissed(coordinator: String(describing: Coordinator.self))
        }
        return coordinator
    }

    /// Removes the router's own screen and everything above it.
    ///
    /// - Throws: ``NavigationError/nothingToPop(coordinator:)`` for the root screen's router.
    @discardableResult
    public func pop() throws(NavigationError) -> Coordinator {
        let coordinator = try self.alive()
        guard self.id >= 0 else { throw .nothingToPop(coordinator: String(describing: Coordinator.self)) }
        return try coordinator.popTo(self.id - 1)
    }

    @discardableResult
    public func popLast() throws(NavigationError) -> Coordinator { try self.alive().popLast() }

    @discardableResult
    public func popToRoot() throws(NavigationError) -> Coordinator { try self.alive().popToRoot() }

    @discardableResult
    public func popTo(_ index: Int) throws(NavigationError) -> Coordinator { try self.alive().popTo(index) }

    @discardableResult
    public func route<Output: Screen>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Void, Output>>
    ) throws(NavigationError) -> Coordinator {
        try self.alive().route(to: route)
    }

    @discardableResult
    public func route<Input, Output: Screen>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>, _ input: Input
    ) throws(NavigationError) -> Coordinator {
        try self.alive().route(to: route, input)
    }

    @discardableResult
    public func route<Output: Coordinatable>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Void, Output>>
    ) throws(NavigationError) -> Output {
        try self.alive().route(to: route)
    }

    @discardableResult
    public func route<Input, Output: Coordinatable>(
        to route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>, _ input: Input
    ) throws(NavigationError) -> Output {
        try self.alive().route(to: route, input)
    }

    @discardableResult
    public func root<Output: Screen>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Void, Output>>
    ) throws(NavigationError) -> Coordinator {
        try self.alive().root(root)
    }

    @discardableResult
    public func root<Input: Codable, Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>, _ input: Input
    ) throws(NavigationError) -> Output {
        try self.alive().root(root, input)
    }

    @discardableResult
    public func root<Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Void, Output>>
    ) throws(NavigationError) -> Output {
        try self.alive().root(root)
    }

    @discardableResult
    public func focusFirst<Input, Output: Coordinatable>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>
    ) throws(NavigationError) -> Output {
        try self.alive().focusFirst(route)
    }

    public func isRoot<Input, Output>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>
    ) -> Bool {
        self.storage?.isRoot(root) ?? false
    }

    public func hasRoot<Input, Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>
    ) -> Output? {
        self.storage?.hasRoot(root)
    }

    /// Removes the router's coordinator from its parent.
    public func dismissCoordinator() throws(NavigationError) {
        try self.alive().dismissCoordinator()
    }

    /// Whether the coordinator can be dismissed (it is an entry of a navigation parent).
    public var canDismiss: Bool {
        guard let node = self.storage?.node, !node.isDismissed else { return false }
        var current = node
        while let parent = current.parent, parent.kind == .wrapper { current = parent }
        guard let parent = current.parent, parent.kind == .navigation else { return false }
        return parent.items.contains { $0.content.coordinator?.node === current }
    }
}

/// Finds routers of ancestor coordinators by type, per tree (never process-wide).
///
/// It walks the active branch, so it holds nothing and never returns a router of a popped
/// coordinator. The nearest coordinator of a type wins, as with SwiftUI environment objects.
public struct RouterStore {
    let tree: NavigationTree
    let start: CoordinatorNode?

    /// The router of the nearest coordinator of type `C` at or above the starting point.
    public func retrieve<C: NavigationCoordinatable>(_ type: C.Type = C.self) -> NavigationRouter<C>? {
        var node: CoordinatorNode? = self.start ?? self.tree.root.node.topNode
        while let current = node {
            if let coordinator = current.owner as? C {
                return NavigationRouter(coordinator, id: current.items.count - 1)
            }
            node = current.parent
        }
        return nil
    }
}

extension NavigationTree {
    /// Finds routers from the top of the active branch upwards.
    public var routers: RouterStore { RouterStore(tree: self, start: nil) }
}
