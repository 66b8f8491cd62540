/// Signalbox's bookkeeping for one coordinator: its stack (navigation), its tabs, or its
/// wrapped child, plus its place in the tree.
///
/// You never create one directly: ``NavigationStack`` and ``TabChild`` are nodes, and
/// ``WrapperCoordinator`` makes its own. Ownership is strong downwards (entries own screens and
/// child coordinators) and weak upwards, so removing an entry releases everything under it.
public class CoordinatorNode {
    enum Kind {
        case navigation
        case tabs
        case wrapper
    }

    let kind: Kind
    /// The coordinator this node belongs to; set on first use.
    weak var owner: (any Coordinatable)?
    /// The route table of the owner's type; `nil` until bound.
    var table: RouteTable!
    weak var parent: CoordinatorNode?
    /// Set on the root node of a tree only.
    weak var treeStorage: NavigationTree?
    var isDismissed = false
    /// Key paths already resolved to route indices (see ``RouteRegistry/routeIndex(of:in:)``).
    var keyPathCache: [(AnyKeyPath, Int)] = []

    // Navigation state.
    var root: Entry?
    var items: [Entry] = []
    var initialRoot: (keyPath: AnyKeyPath, input: Any?)?
    /// Finds the initial root's declaration without a dynamic cast.
    var initialSite: ((any Coordinatable) -> DeclarationSite)?

    // Tab state.
    var tabs: [TabSlot] = []
    var activeTab = 0
    var tabKeyPaths: [AnyKeyPath] = []

    // Wrapper state.
    var wrapped: (any Coordinatable)?

    init(kind: Kind) {
        self.kind = kind
    }

    /// Binds the node to its coordinator and builds the initial root or tab.
    func bind(to owner: any Coordinatable) {
        guard self.table == nil else { return }
        self.owner = owner
        self.table = RouteRegistry.table(for: owner)
        switch self.kind {
        case .navigation:
            guard let initial = self.initialRoot,
                let index = self.initialSite.flatMap({ self.table.indexBySite[$0(owner)] })
                    ?? RouteRegistry.routeIndex(ofPartial: initial.keyPath, in: owner)
            else { return }
            let content = self.table.routes[index].make(owner, initial.input)
            self.root = Entry(route: index, presentation: nil, input: initial.input, inputSegment: nil, content: content)
            self.adopt(content)
        case .tabs:
            self.tabs = self.tabKeyPaths.compactMap { keyPath in
                RouteRegistry.routeIndex(ofPartial: keyPath, in: owner).map { TabSlot(route: $0, content: nil) }
            }
            if self.tabs.isEmpty {
                self.tabs = self.table.tabIndices.map { TabSlot(route: $0, content: nil) }
            }
            self.activeTab = min(max(self.activeTab, 0), max(self.tabs.count - 1, 0))
            self.ensureTabContent(self.activeTab)
        case .wrapper:
            if let wrapped = self.wrapped { self.adopt(.coordinator(wrapped)) }
        }
    }

    /// Makes `content`'s coordinator (if any) a child of this node.
    func adopt(_ content: Content) {
        guard case .coordinator(let child) = content else { return }
        let node = child.node
        node.parent = self
    }

    /// Builds the content of tab `index` if it was never shown.
    func ensureTabContent(_ index: Int) {
        guard self.tabs.indices.contains(index), self.tabs[index].content == nil, let owner = self.owner else { return }
        let content = self.table.routes[self.tabs[index].route].make(owner, nil)
        self.tabs[index].content = content
        self.adopt(content)
    }

    /// The tree this node is attached to (found at the root).
    var tree: NavigationTree? {
        var node = self
        while let parent = node.parent { node = parent }
        return node.treeStorage
    }

    /// A short name of the owner's type for messages.
    var displayName: String { self.table?.displayName ?? "coordinator" }

    /// The active child coordinator's node: the root's or last item's coordinator, the active
    /// tab's, or the wrapped one.
    var activeChild: CoordinatorNode? {
        switch self.kind {
        case .navigation:
            if let last = self.items.last {
                return last.content.coordinator?.node
            }
            return self.root?.content.coordinator?.node
        case .tabs:
            guard self.tabs.indices.contains(self.activeTab) else { return nil }
            return self.tabs[self.activeTab].content?.coordinator?.node
        case .wrapper:
            return self.wrapped?.node
        }
    }

    /// The deepest active coordinator's node.
    var topNode: CoordinatorNode {
        var node = self
        while let child = node.activeChild { node = child }
        return node
    }

    /// How many screens the active branch below (and including) this node shows.
    var screenCount: Int {
        switch self.kind {
        case .navigation:
            var count = 0
            if let root = self.root { count += root.content.coordinator?.node.screenCount ?? 1 }
            for item in self.items { count += item.content.coordinator?.node.screenCount ?? 1 }
            return count
        case .tabs:
            guard self.tabs.indices.contains(self.activeTab), let content = self.tabs[self.activeTab].content else {
                return 0
            }
            return content.coordinator?.node.screenCount ?? 1
        case .wrapper:
            return self.wrapped?.node.screenCount ?? 0
        }
    }

    /// Whether the chain of active children ends in a navigation node; a navigation parent
    /// closes such a child with ``PathCodec/endMarker`` when its own entries follow.
    var tailIsNavigation: Bool {
        switch self.kind {
        case .navigation: true
        case .tabs:
            self.tabs.indices.contains(self.activeTab)
                ? (self.tabs[self.activeTab].content?.coordinator?.node.tailIsNavigation ?? false) : false
        case .wrapper: self.wrapped?.node.tailIsNavigation ?? false
        }
    }
}
