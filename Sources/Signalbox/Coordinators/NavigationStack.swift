/// The stack of a ``NavigationCoordinatable``: its active root and the entries pushed or
/// presented on top. Declare it with the initial root:
///
/// ```swift
/// let stack = NavigationStack(initial: \TodosCoordinator.start)
/// let stack = NavigationStack(initial: \MainCoordinator.authenticated, user)
/// ```
public struct NavigationStack<Coordinator: NavigationCoordinatable> {
    let node: StackNode

    /// A stack starting at a root without input.
    public init<Output>(initial root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Void, Output>>) {
        self.node = StackNode(initialRoot: Self.storage(of: root), input: nil)
    }

    /// A stack starting at a root with an input.
    public init<Input, Output>(
        initial root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input
    ) {
        self.node = StackNode(initialRoot: Self.storage(of: root), input: input)
    }

    /// Reads the root's storage key path from the owner without a dynamic cast: the stack's node
    /// calls it with the coordinator that declared this stack, a `Coordinator` by construction,
    /// once per coordinator built.
    private static func storage<Input, Output>(
        of root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>
    ) -> (AnyObject) -> AnyKeyPath {
        { unsafeDowncast($0, to: Coordinator.self)[keyPath: root].storage }
    }

    /// The number of entries above the root.
    public var count: Int { self.node.items.count }

    /// Whether nothing is pushed or presented above the root.
    public var isAtRoot: Bool { self.node.items.isEmpty }

    /// The route names of the entries above the root, bottom first (Stinsen's `currentRoute` is
    /// `routes.last`).
    public var routes: [String] { self.node.items.map { self.node.table.routes[$0.route].name } }

    /// Whether an entry of `route` is on the stack (Stinsen's `isInStack`).
    public func contains<Input, Output>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>
    ) -> Bool {
        guard let owner = self.node.owner as? Coordinator,
            let index = try? RouteRegistry.routeIndex(of: route, in: owner, table: self.node.table)
        else { return false }
        return self.node.items.contains { $0.route == index }
    }
}

/// The tabs of a ``TabCoordinatable``, in display order, and which one is active.
///
/// ```swift
/// let child = TabChild(startingItems: [\AuthenticatedCoordinator.home, \.todos, \.profile])
/// ```
public struct TabChild<Coordinator: TabCoordinatable> {
    let node: TabsNode

    /// Tabs in display order; `activeTab` is the index shown first.
    public init(startingItems: [PartialKeyPath<Coordinator>], activeTab: Int = 0) {
        self.node = TabsNode(startingItems: startingItems, activeTab: activeTab)
    }

    /// The index of the active tab.
    public var activeIndex: Int { self.node.activeTab }
}
