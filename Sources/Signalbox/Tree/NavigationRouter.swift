/// A handle on a navigation coordinator given to one of its screens (Stinsen's router).
///
/// The router holds its coordinator weakly and knows the stack position of the screen it was
/// handed to, so ``pop(_:)`` removes exactly that screen and everything above it. It offers every
/// stack operation of its coordinator (``StackOperations``); each throws
/// ``NavigationError/coordinatorDismissed(coordinator:)`` once the coordinator is gone.
///
/// ```swift
/// func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
///     try await context.router(TodosCoordinator.self).pop().route(to: \.todo, id)
///     return .accepted
/// }
/// ```
public struct NavigationRouter<Coordinator: NavigationCoordinatable>: StackOperations {
    private weak var storage: Coordinator?
    /// Where the screen holding the router sits in the stack.
    public let position: StackPosition

    /// A router acting for the screen at `position` of `coordinator`'s stack.
    public init(_ coordinator: Coordinator, position: StackPosition) {
        self.storage = coordinator
        self.position = position
    }

    /// The coordinator, while it is alive.
    public var coordinator: Coordinator? { self.storage }

    public func stackCoordinator() throws(NavigationError) -> Coordinator {
        guard let coordinator = self.storage, !coordinator.stackNode.isDismissed else {
            throw .coordinatorDismissed(coordinator: String(describing: Coordinator.self))
        }
        return coordinator
    }

    /// Removes the router's own screen and everything above it; `action` runs once they are
    /// gone (after their handlers).
    ///
    /// - Throws: ``NavigationError/nothingToPop(coordinator:)`` for the root screen's router.
    @discardableResult
    public func pop(_ action: DismissHandler? = nil) async throws -> Coordinator {
        let coordinator = try self.stackCoordinator()
        guard case .item(let index) = self.position else {
            throw NavigationError.nothingToPop(coordinator: String(describing: Coordinator.self))
        }
        return try await coordinator.popTo(index == 0 ? .root : .item(index - 1), action)
    }

    /// Removes the router's coordinator from its parent; `action` runs once it is gone.
    public func dismissCoordinator(_ action: DismissHandler? = nil) async throws {
        try await self.stackCoordinator().dismissCoordinator(action)
    }

    /// Whether the coordinator can be dismissed (it is an entry of a navigation parent).
    public var canDismiss: Bool {
        guard let node = self.storage?.stackNode, !node.isDismissed else { return false }
        return node.parent?.canDismiss(node) ?? false
    }
}

/// Finds routers of ancestor coordinators by type, per tree (never process-wide).
///
/// It walks up from a starting point, so it holds nothing and never returns a router of a popped
/// coordinator. The nearest coordinator of a type wins, as with SwiftUI environment objects.
public struct RouterStore {
    let tree: NavigationTree
    let start: CoordinatorNode?

    /// The router of the nearest coordinator of type `C` at or above the starting point, or
    /// `nil` when there is none.
    public func retrieve<C: NavigationCoordinatable>(_ type: C.Type = C.self) -> NavigationRouter<C>? {
        guard let (coordinator, _) = (self.start ?? self.tree.activeBranch(.count).top).nearest(C.self) else {
            return nil
        }
        return coordinator.router
    }

    /// The router of the nearest coordinator of type `C`.
    ///
    /// - Throws: ``NavigationError/coordinatorNotFound(type:)`` when there is none.
    public func require<C: NavigationCoordinatable>(
        _ type: C.Type = C.self
    ) throws(NavigationError) -> NavigationRouter<C> {
        guard let router = self.retrieve(type) else { throw .coordinatorNotFound(type: String(describing: type)) }
        return router
    }

    /// The router of the nearest tab coordinator of type `C`, or `nil` when there is none.
    public func retrieve<C: TabCoordinatable>(_ type: C.Type = C.self) -> TabRouter<C>? {
        (self.start ?? self.tree.activeBranch(.count).top).nearest(C.self).map { $0.0.router }
    }

    /// The router of the nearest tab coordinator of type `C`.
    ///
    /// - Throws: ``NavigationError/coordinatorNotFound(type:)`` when there is none.
    public func require<C: TabCoordinatable>(_ type: C.Type = C.self) throws(NavigationError) -> TabRouter<C> {
        guard let router = self.retrieve(type) else { throw .coordinatorNotFound(type: String(describing: type)) }
        return router
    }
}

extension NavigationTree {
    /// Finds routers from the top of the active branch upwards.
    public var routers: RouterStore { RouterStore(tree: self, start: nil) }
}
