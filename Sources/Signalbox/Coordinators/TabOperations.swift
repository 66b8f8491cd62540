/// What can be done with a tab coordinator's tabs, written once for the coordinator and for its
/// ``TabRouter`` (Stinsen's `TabRouter`): whatever a tab coordinator can do, its router can too.
///
/// Selecting a tab is `async`: it asks the coordinator's guard first (a refusal changes nothing).
/// Stinsen sets `child.activeTab = 2`; a setter cannot await a guard, so here it is
/// `try await tabs.select(tabAt: 2)`.
///
/// ```swift
/// try await tabs.focusFirst(\.todos).popToRoot()                         // a coordinator
/// try await context.router(AuthenticatedCoordinator.self).select(tabAt: 0)  // a router
/// ```
public protocol TabOperations {
    /// The tab coordinator whose tabs the operations change.
    associatedtype Coordinator: TabCoordinatable

    /// The coordinator, while it is in its tree.
    ///
    /// - Throws: ``NavigationError/coordinatorDismissed(coordinator:)`` once it was popped,
    ///   dismissed or released.
    func tabCoordinator() throws(NavigationError) -> Coordinator
}

extension TabOperations {
    /// The coordinator (alive: ``tabCoordinator()`` checks) and its tab node.
    func resolve() throws(NavigationError) -> (Coordinator, TabsNode) {
        let coordinator = try self.tabCoordinator()
        return (coordinator, coordinator.tabsNode)
    }

    /// The name (path segment) of the active tab.
    public var activeTab: String? {
        guard let (_, node) = try? self.resolve(), node.activeSlot != nil else { return nil }
        return node.name(ofTab: node.activeTab)
    }

    /// The position of the active tab (0 for the first).
    public var activeTabIndex: Int? {
        guard let (_, node) = try? self.resolve(), node.activeSlot != nil else { return nil }
        return node.activeTab
    }

    /// The names (path segments) of the tabs, in display order.
    public var tabNames: [String] {
        guard let (_, node) = try? self.resolve() else { return [] }
        return node.tabs.indices.map { node.name(ofTab: $0) }
    }

    /// Activates a tab showing a coordinator (asking the guard) and returns that coordinator.
    @discardableResult
    public func focusFirst<Output: Coordinatable>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Void, Output>>
    ) async throws -> Output {
        let (coordinator, node) = try self.resolve()
        let index = try RouteRegistry.routeIndex(of: tab, in: coordinator, table: node.table)
        return try await node.select(route: index, tapped: false).output()
    }

    /// Activates a tab showing a screen (asking the guard).
    @discardableResult
    public func focusFirst<Output: Screen>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Void, Output>>
    ) async throws -> Coordinator {
        let (coordinator, node) = try self.resolve()
        let index = try RouteRegistry.routeIndex(of: tab, in: coordinator, table: node.table)
        _ = try await node.select(route: index, tapped: false)
        return coordinator
    }

    /// Activates the tab at `position` (0 for the first), asking the guard: Stinsen's
    /// `child.activeTab = position`.
    ///
    /// - Throws: ``NavigationError/unknownTab(name:)`` for a position outside the tabs.
    @discardableResult
    public func select(tabAt position: Int) async throws -> Coordinator {
        let (coordinator, node) = try self.resolve()
        _ = try await node.select(position: position, tapped: true)
        return coordinator
    }

    /// Whether `tab` is the active tab.
    public func isActive<Output>(_ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Void, Output>>) -> Bool {
        guard let (coordinator, node) = try? self.resolve(),
            let index = try? RouteRegistry.routeIndex(of: tab, in: coordinator, table: node.table)
        else { return false }
        return node.activeSlot?.route == index
    }
}
