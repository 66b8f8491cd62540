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
public protocol TabCoordinatable: Coordinatable, TabOperations where Coordinator == Self {
    /// The tabs, in display order.
    var child: TabChild<Self> { get }
}

extension TabCoordinatable {
    /// This coordinator's router, for screens.
    public typealias Router = TabRouter<Self>

    /// The coordinator itself, while it is in its tree.
    public func tabCoordinator() throws(NavigationError) -> Self {
        try self.tabsNode.checkAlive()
        return self
    }

    /// A router for this coordinator.
    public var router: TabRouter<Self> { TabRouter(self) }

    /// The tab node, bound to this coordinator.
    var tabsNode: TabsNode {
        let node = self.child.node
        node.bind(to: self)
        return node
    }
}
