/// A coordinator showing tabs, each keeping its own state while another is active
/// (Stinsen's `TabCoordinatable`).
///
/// ```swift
/// final class AuthenticatedCoordinator: TabCoordinatable {
///     let child = TabChild(startingItems: [\AuthenticatedCoordinator.home, \.todos])
///     @Route(tab: "Home", icon: "house") var home = makeHome
///     @Route(tab: "Todos", icon: "checklist", onReselect: .popToRoot) var todos = makeTodos
///     func makeHome() -> HomeScreen { ... }
///     func makeTodos() -> WrapperCoordinator<TodosCoordinator> { ... }
/// }
/// try await tabs.focusFirst(\.todos).child.popToRoot().route(to: \.todo, 3)
/// ```
public protocol TabCoordinatable: Coordinatable {
    /// The tabs, in display order.
    var child: TabChild<Self> { get }
}

extension TabCoordinatable {
    /// The tab node, bound to this coordinator.
    var tabsNode: TabsNode {
        let node = self.child.node
        node.bind(to: self)
        return node
    }

    /// The name (path segment) of the active tab.
    public var activeTab: String? {
        let node = self.tabsNode
        return node.activeSlot == nil ? nil : node.name(ofTab: node.activeTab)
    }

    /// Activates a tab showing a coordinator (asking the guard) and returns that coordinator.
    @discardableResult
    public func focusFirst<Output: Coordinatable>(
        _ tab: KeyPath<Self, Transition<Self, TabRoute, Void, Output>>
    ) async throws -> Output {
        let node = self.tabsNode
        let index = try RouteRegistry.routeIndex(of: tab, in: self, node: node)
        return try await node.select(route: index, reselect: false).output()
    }

    /// Activates a tab showing a screen (asking the guard).
    @discardableResult
    public func focusFirst<Output: Screen>(
        _ tab: KeyPath<Self, Transition<Self, TabRoute, Void, Output>>
    ) async throws -> Self {
        let node = self.tabsNode
        let index = try RouteRegistry.routeIndex(of: tab, in: self, node: node)
        _ = try await node.select(route: index, reselect: false)
        return self
    }

    /// Whether `tab` is the active tab.
    public func isActive<Output>(_ tab: KeyPath<Self, Transition<Self, TabRoute, Void, Output>>) -> Bool {
        let node = self.tabsNode
        guard let index = try? RouteRegistry.routeIndex(of: tab, in: self, node: node) else { return false }
        return node.activeSlot?.route == index
    }
}
