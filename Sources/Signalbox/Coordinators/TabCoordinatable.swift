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
/// try tabs.focusFirst(\.todos).child.popToRoot().route(to: \.todo, 3)
/// ```
public protocol TabCoordinatable: Coordinatable {
    /// The tabs, in display order.
    var child: TabChild<Self> { get }
}

extension TabCoordinatable {
    public var coordinatorNode: CoordinatorNode { self.child }

    /// The name (path segment) of the active tab.
    public var activeTab: String? {
        let node = self.node
        guard node.tabs.indices.contains(node.activeTab) else { return nil }
        return node.table.routes[node.tabs[node.activeTab].route].name
    }

    /// Activates a tab showing a coordinator and returns that coordinator.
    @discardableResult
    public func focusFirst<Output: Coordinatable>(
        _ tab: KeyPath<Self, Transition<Self, TabRoute, Void, Output>>
    ) throws(NavigationError) -> Output {
        try self.node.selectTab(RouteRegistry.routeIndex(of: tab, in: self), reselect: false).coordinator as! Output
    }

    /// Activates a tab showing a screen.
    @discardableResult
    public func focusFirst<Output: Screen>(
        _ tab: KeyPath<Self, Transition<Self, TabRoute, Void, Output>>
    ) throws(NavigationError) -> Self {
        _ = try self.node.selectTab(RouteRegistry.routeIndex(of: tab, in: self), reselect: false)
        return self
    }

    /// Whether `tab` is the active tab.
    public func isActive<Output>(_ tab: KeyPath<Self, Transition<Self, TabRoute, Void, Output>>) -> Bool {
        let node = self.node
        return node.tabs.indices.contains(node.activeTab)
            && node.tabs[node.activeTab].route == RouteRegistry.routeIndex(of: tab, in: self)
    }
}

extension CoordinatorNode {
    /// Selects the tab of route `index`, building it on first use. With `reselect`, choosing
    /// the active tab again applies its ``TabReselection``.
    func selectTab(_ index: Int, reselect: Bool) throws(NavigationError) -> Content {
        try self.checkAlive()
        guard let position = self.tabs.firstIndex(where: { $0.route == index }) else {
            throw .unknownTab(name: self.table.routes[index].name)
        }
        if position == self.activeTab, let content = self.tabs[position].content {
            if reselect, self.table.routes[index].tabItem?.reselection == .popToRoot,
                let child = content.coordinator?.node
            {
                child.popToRootDeep()
            }
            return content
        }
        try self.checkGuard(route: index, kind: .tab, input: nil, origin: .operation)
        self.ensureTabContent(position)
        self.activeTab = position
        return self.tabs[position].content!
    }

    /// Pops the first navigation node under this one (through wrappers) to its root.
    func popToRootDeep() {
        switch self.kind {
        case .navigation: self.truncate(to: 0)
        case .wrapper: self.wrapped?.node.popToRootDeep()
        case .tabs: break
        }
    }
}
