/// The stack of a ``NavigationCoordinatable``: its active root and the entries pushed or
/// presented on top. Declare it with the initial root:
///
/// ```swift
/// let stack = NavigationStack(initial: \TodosCoordinator.start)
/// let stack = NavigationStack(initial: \MainCoordinator.authenticated, user)
/// ```
public final class NavigationStack<Coordinator: NavigationCoordinatable>: CoordinatorNode {
    /// A stack starting at a root without input.
    public init<Output>(initial root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Void, Output>>) {
        super.init(kind: .navigation)
        self.initialRoot = (root, nil)
        self.initialSite = { ($0 as! Coordinator)[keyPath: root].site }
    }

    /// A stack starting at a root with an input.
    public init<Input, Output>(
        initial root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>, _ input: Input
    ) {
        super.init(kind: .navigation)
        self.initialRoot = (root, input)
        self.initialSite = { ($0 as! Coordinator)[keyPath: root].site }
    }

    /// The number of entries above the root.
    public var count: Int { self.items.count }

    /// Whether nothing is pushed or presented above the root.
    public var isAtRoot: Bool { self.items.isEmpty }
}

/// The tabs of a ``TabCoordinatable``, in display order, and which one is active.
///
/// ```swift
/// let child = TabChild(startingItems: [\AuthenticatedCoordinator.home, \.todos, \.profile])
/// ```
public final class TabChild<Coordinator: TabCoordinatable>: CoordinatorNode {
    /// Tabs in display order; `activeTab` is the index shown first.
    public init(startingItems: [PartialKeyPath<Coordinator>], activeTab: Int = 0) {
        super.init(kind: .tabs)
        self.tabKeyPaths = startingItems
        self.activeTab = activeTab
    }

    /// The index of the active tab.
    public var activeIndex: Int { self.activeTab }
}
