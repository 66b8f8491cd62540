/// One coordinator tree: the navigation state of one user session.
///
/// The tree owns its root coordinator and answers the questions the web layer asks: what is the
/// canonical path, how does the tree look for a path (``apply(path:)``), what is on the active
/// branch, and what is its snapshot. It is not thread-safe; the web layer serialises a session's
/// requests.
///
/// ```swift
/// let tree = NavigationTree(root: MainCoordinator(store: store))
/// try tree.apply(path: "/authenticated/todos/todo/3")
/// tree.path                                   // "/authenticated/todos/todo/3"
/// tree.branch.map(\.title)                    // ["Todos", "Buy milk"]
/// ```
public final class NavigationTree {
    /// Limits for a tree.
    public struct Configuration: Sendable {
        /// The most screens the active branch may hold (paths deeper than this are refused).
        public var maxDepth: Int

        public init(maxDepth: Int = 64) {
            self.maxDepth = maxDepth
        }
    }

    /// The root coordinator.
    public let root: any Coordinatable
    public let configuration: Configuration
    /// A path a guard redirected away from, kept so the app can continue there later
    /// (e.g. after login). See ``takePendingPath()``.
    public var pendingPath: String?

    public init(root: any Coordinatable, configuration: Configuration = Configuration()) {
        self.root = root
        self.configuration = configuration
        let node = root.node
        node.treeStorage = self
    }

    /// The root coordinator as its concrete type.
    public func root<C: Coordinatable>(as type: C.Type) -> C? {
        self.root as? C
    }

    /// Returns and clears ``pendingPath``.
    public func takePendingPath() -> String? {
        defer { self.pendingPath = nil }
        return self.pendingPath
    }

    // MARK: Paths

    /// The canonical path of the active branch, e.g. `/authenticated/todos/todo/3/pickProject`.
    public var path: String {
        var builder = PathBuilder(collectsBranch: false)
        self.root.node.emit(into: &builder, presentation: nil)
        return builder.path
    }

    /// The screens of the active branch, outermost first, each with its own canonical path.
    public var branch: [BranchEntry] {
        var builder = PathBuilder(collectsBranch: true)
        self.root.node.emit(into: &builder, presentation: nil)
        return builder.branch
    }

    /// How many screens the active branch holds.
    public var depth: Int {
        self.root.node.screenCount
    }

    /// Reshapes the tree to `path` and returns the resulting canonical path.
    ///
    /// Instances on the common prefix are kept (their state survives); entries that diverge are
    /// popped (results `.cancelled`, onDismiss callbacks run); the rest is built through the
    /// route factories, switching tabs and roots as needed. The path is validated completely
    /// before anything changes: on error the tree is untouched.
    ///
    /// A trailing slash is ignored.
    ///
    /// - Throws: ``NavigationError`` — unknown route, bad input, too deep, a guard's refusal or
    ///   redirect (then ``pendingPath`` holds `path`, unless the guard said `resume: false`).
    @discardableResult
    public func apply(path: String) throws(NavigationError) -> String {
        // A trailing slash is tolerated (`/todos/todo/1/` means `/todos/todo/1`); the canonical
        // path has none.
        var path = path
        if path.utf8.count > 1 && path.utf8.last == UInt8(ascii: "/") { path.removeLast() }
        let segments = try PathCodec.split(path)
        let limit = self.configuration.maxDepth
        if segments.count > limit * 3 + 4 { throw .tooDeep(limit: limit) }
        var parser = PathParser(path: path, segments: segments, maxDepth: limit)
        do {
            try self.root.node.plan(&parser)
        } catch {
            if case .redirect = error, parser.resume { self.pendingPath = path }
            throw error
        }
        if let segment = parser.peek {
            throw .unknownRoute(
                segment: String(segment.prefix(128)), coordinator: parser.refusedBy ?? self.root.node.displayName,
                path: path)
        }
        for commit in parser.commits { commit() }
        var builder = PathBuilder(collectsBranch: false, capacity: path.utf8.count + 16)
        self.root.node.emit(into: &builder, presentation: nil)
        return builder.path
    }

    // MARK: The active branch

    /// The deepest active coordinator: the one whose routes `/_nav/route` uses.
    public var topCoordinator: any Coordinatable {
        self.root.node.topNode.owner ?? self.root
    }

    /// The routes of the top coordinator that can be pushed or presented, with the path each
    /// would lead to; routes with an input show `{input}` in its place.
    public var availableRoutes: [(name: String, path: String)] {
        let node = self.root.node.topNode
        guard node.kind == .navigation else { return [] }
        let base = self.path
        let prefix = base == "/" ? "" : base
        return node.table.routes.compactMap { route in
            guard route.presentation != nil else { return nil }
            return (route.name, prefix + "/" + route.name + (route.input == nil ? "" : "/{input}"))
        }
    }

    /// The path after popping the top entry, or `nil` when nothing can be popped.
    public var pathAfterPop: String? {
        let branch = self.branch
        guard let last = branch.lastIndex(where: { $0.presentation != nil }), last > 0 else { return nil }
        return branch[last - 1].path
    }

    /// The top-most modal or full-screen presentation on the active branch.
    public var presentation: (route: String, style: Presentation, closePath: String?)? {
        let branch = self.branch
        guard let index = branch.lastIndex(where: { $0.presentation?.isPresentation == true }),
            let style = branch[index].presentation
        else { return nil }
        let close = index > 0 && style.isDismissible ? branch[index - 1].path : nil
        return (branch[index].route, style, close)
    }

    /// The tab bars on the active branch, outermost first.
    public var tabBars: [TabBar] {
        var bars: [TabBar] = []
        var builder = PathBuilder(collectsBranch: false)
        self.collectTabBars(self.root.node, &builder, &bars)
        return bars
    }

    private func collectTabBars(_ node: CoordinatorNode, _ builder: inout PathBuilder, _ bars: inout [TabBar]) {
        // Walks the active branch emitting segments up to each tab coordinator.
        switch node.kind {
        case .tabs:
            var tabs: [TabBar.Tab] = []
            for (index, slot) in node.tabs.enumerated() {
                let route = node.table.routes[slot.route]
                var tabBuilder = builder
                tabBuilder.append(route.name)
                if case .coordinator(let child)? = slot.content {
                    child.node.emit(into: &tabBuilder, presentation: nil)
                }
                tabs.append(
                    TabBar.Tab(
                        name: route.name, title: route.tabItem?.title ?? route.name, icon: route.tabItem?.icon,
                        path: tabBuilder.path, isActive: index == node.activeTab))
            }
            bars.append(TabBar(coordinator: node.displayName, tabs: tabs))
            guard node.tabs.indices.contains(node.activeTab) else { return }
            builder.append(node.table.routes[node.tabs[node.activeTab].route].name)
            if let child = node.tabs[node.activeTab].content?.coordinator?.node {
                self.collectTabBars(child, &builder, &bars)
            }
        case .wrapper:
            if let child = node.wrapped?.node { self.collectTabBars(child, &builder, &bars) }
        case .navigation:
            guard let root = node.root else { return }
            if node.table.namesRootInPath { builder.append(node.table.routes[root.route].name) }
            if let child = root.content.coordinator?.node {
                var childBuilder = builder
                self.collectTabBars(child, &childBuilder, &bars)
                child.emit(into: &builder, presentation: nil)
                if child.tailIsNavigation { builder.pendingMarkers += 1 }
            }
            for item in node.items {
                builder.append(node.table.routes[item.route].name)
                if let segment = item.inputSegment { builder.append(segment) }
                if let child = item.content.coordinator?.node {
                    var childBuilder = builder
                    self.collectTabBars(child, &childBuilder, &bars)
                    child.emit(into: &builder, presentation: nil)
                    if child.tailIsNavigation { builder.pendingMarkers += 1 }
                }
            }
        }
    }
}

/// The tabs of one tab coordinator on the active branch, for rendering a tab bar.
public struct TabBar: Sendable, Hashable {
    public struct Tab: Sendable, Hashable {
        /// The tab's route name (path segment).
        public var name: String
        public var title: String
        public var icon: String?
        /// The path that shows this tab with its own current stack.
        public var path: String
        public var isActive: Bool
    }

    /// The tab coordinator's type name.
    public var coordinator: String
    public var tabs: [Tab]
}
