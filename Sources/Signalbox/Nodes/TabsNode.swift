/// The node of a ``TabCoordinatable``: its tabs in display order, each built when first shown,
/// and which one is active.
final class TabsNode: CoordinatorNode {
    var tabs: [TabSlot] = [] {
        didSet { self.noteChange() }
    }
    var activeTab: Int {
        didSet { self.noteChange() }
    }
    private let startingItems: [AnyKeyPath]

    init(startingItems: [AnyKeyPath], activeTab: Int) {
        self.startingItems = startingItems
        self.activeTab = activeTab
    }

    override func didBind(_ owner: any Coordinatable) {
        self.tabs = self.startingItems.compactMap { keyPath in
            RouteRegistry.routeIndex(ofPartial: keyPath, in: owner, table: self.table).map { TabSlot(route: $0) }
        }
        if self.tabs.isEmpty {
            self.tabs = self.table.tabIndices.map { TabSlot(route: $0) }
        }
        self.activeTab = min(max(self.activeTab, 0), max(self.tabs.count - 1, 0))
        self.ensureContent(self.activeTab)
    }

    /// The active tab's slot, if there is one.
    var activeSlot: TabSlot? {
        self.tabs.indices.contains(self.activeTab) ? self.tabs[self.activeTab] : nil
    }

    override var activeChild: CoordinatorNode? {
        self.activeSlot?.content?.child?.node
    }

    func name(ofTab position: Int) -> String {
        self.table.routes[self.tabs[position].route].name
    }

    func position(ofTabNamed name: Substring) -> Int? {
        self.tabs.firstIndex { self.table.routes[$0.route].name[...] == name }
    }

    /// Builds the content of tab `position` if it was never shown.
    func ensureContent(_ position: Int) {
        guard self.tabs.indices.contains(position), self.tabs[position].content == nil, let owner = self.owner else {
            return
        }
        let content = self.table.routes[self.tabs[position].route].make(owner, nil)
        self.tabs[position].content = content
        self.adopt(content)
    }

    // MARK: Walking

    override func walk(_ walker: inout BranchWalker, entered: Arrival) -> Bool {
        walker.top = self
        guard let slot = self.activeSlot, let content = slot.content else { return false }
        let bar = walker.beginTabBar(of: self)
        let name = self.name(ofTab: self.activeTab)
        walker.append(name)
        let endsInStack: Bool
        switch content {
        case .screen(let screen):
            walker.visit(
                screen,
                route: entered.route ?? name,
                presentation: entered.presentation,
                node: self,
                position: nil
            )
            endsInStack = false
        case .coordinator(let child):
            endsInStack = child.node.walkCustomized(&walker, entered: entered)
        }
        walker.endTabBar(bar, activeTab: self.activeTab)
        return endsInStack
    }

    /// The path that shows tab `position` as it is now, from a walker positioned at this node.
    func path(ofTab position: Int, from walker: BranchWalker) -> String {
        var tab = walker.pathOnly()
        tab.append(self.name(ofTab: position))
        _ = self.tabs[position].content?.child?.node.walk(&tab, entered: .none)
        return tab.path
    }

    // MARK: Planning

    override func plan(_ parser: inout PathParser) async throws {
        guard let owner = self.owner else { return }
        // A path that stops at the tab bar keeps the active tab as it is.
        guard let segment = parser.peek, segment != PathCodec.endMarker else { return }
        guard let name = PathCodec.decodeName(segment), let position = self.position(ofTabNamed: name[...]) else {
            throw NavigationError.unknownRoute(
                segment: String(segment),
                coordinator: self.displayName,
                path: parser.path
            )
        }
        parser.advance()
        let route = self.tabs[position].route
        if position != self.activeTab {
            let attempt = parser.attempt(self, route: route, kind: .tab, input: nil)
            try parser.check(try await owner.guardNavigation(attempt), route: attempt.route)
        }
        if let content = self.tabs[position].content {
            try await parser.plan(content)
            if position != self.activeTab {
                parser.commits.append { _ in self.activeTab = position }
            }
        } else {
            let content = self.table.routes[route].make(owner, nil)
            try await parser.plan(content)
            parser.commits.append { _ in
                self.tabs[position].content = content
                self.adopt(content)
                self.activeTab = position
            }
        }
    }

    // MARK: Operations

    /// Selects the tab of route `index`, building it on first use. A tap (`tapped`: a user's
    /// `POST /_nav/tab` or `select(tabAt:)`) on the active tab applies its ``TabReselection``, and
    /// any tap then runs the tab's `onTapped` handler.
    func select(route index: Int, tapped: Bool) async throws -> Content {
        try self.checkAlive()
        guard let position = self.tabs.firstIndex(where: { $0.route == index }) else {
            throw NavigationError.unknownTab(name: self.table.routes[index].name)
        }
        let route = self.table.routes[index]
        let content: Content
        let isRepeat = position == self.activeTab && self.tabs[position].content != nil
        if isRepeat, let current = self.tabs[position].content {
            if tapped, route.tabItem?.reselection == .popToRoot, let child = current.child {
                var hooks = HookQueue()
                child.node.popToRootDeep(&hooks)
                try await hooks.run()
            }
            content = current
        } else {
            try await self.checkGuard(route: index, kind: .tab, input: nil)
            try self.checkAlive()
            self.ensureContent(position)
            self.activeTab = position
            content = self.tabs[position].content!
        }
        if tapped, let handler = route.tabHooks?.tapped, let owner = self.owner {
            try await handler(owner, isRepeat, content)
        }
        return content
    }

    override func tearDownContent(_ hooks: inout HookQueue) {
        for slot in self.tabs {
            slot.content?.child?.node.tearDown(&hooks)
        }
    }

    override func dismiss(child: CoordinatorNode, _ hooks: inout HookQueue) throws(NavigationError) {
        throw .cannotDismiss(coordinator: child.displayName, reason: "it is a tab")
    }

    // MARK: Snapshots

    override func snapshot() throws(NavigationError) -> CoordinatorSnapshot {
        var built: [TabSnapshot] = []
        for (position, slot) in self.tabs.enumerated() {
            guard let content = slot.content else { continue }
            built.append(TabSnapshot(name: self.name(ofTab: position), child: try content.child?.node.snapshot()))
        }
        let active = self.activeSlot == nil ? "" : self.name(ofTab: self.activeTab)
        return .tabs(type: self.table.typeName, active: active, tabs: built)
    }

    override func planRestore(_ snapshot: CoordinatorSnapshot, _ plan: inout RestorePlan) throws(NavigationError) {
        guard case .tabs(_, let active, let tabSnapshots) = snapshot, let owner = self.owner else {
            throw .snapshotMismatch(reason: "\(self.displayName) is not shaped like the snapshot")
        }
        var built: [(Int, Content)] = []
        for tab in tabSnapshots {
            guard let position = self.position(ofTabNamed: tab.name[...]) else { throw .unknownTab(name: tab.name) }
            let content = self.table.routes[self.tabs[position].route].make(owner, nil)
            try plan.restore(content, from: tab.child)
            built.append((position, content))
        }
        guard let activePosition = self.position(ofTabNamed: active[...]) else { throw .unknownTab(name: active) }
        plan.commits.append { hooks in
            self.tearDownContent(&hooks)
            for position in self.tabs.indices { self.tabs[position].content = nil }
            for (position, content) in built {
                self.tabs[position].content = content
                self.adopt(content)
            }
            self.activeTab = activePosition
            self.ensureContent(activePosition)
        }
    }
}
