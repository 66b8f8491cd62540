/// The node of a ``TabCoordinatable``: its tabs in display order, each built when first shown,
/// and which one is active.
final class TabsNode: CoordinatorNode {
    var tabs: [TabSlot] = [] {
        didSet { self.noteChange() }
    }
    var activeTab: Int {
        didSet { self.noteChange() }
    }
    private var startingItems: [AnyKeyPath]

    init(startingItems: [AnyKeyPath], activeTab: Int) {
        self.startingItems = startingItems
        self.activeTab = activeTab
    }

    override func didBind(_ owner: any Coordinatable) {
        var tabs: [TabSlot] = []
        tabs.reserveCapacity(self.startingItems.count)
        for keyPath in self.startingItems {
            guard let index = RouteRegistry.routeIndex(ofPartial: keyPath, in: owner, table: self.table),
                self.table.routes[index].input == nil
            else { continue }
            tabs.append(TabSlot(route: index))
        }
        self.tabs = tabs
        // Read once: a session keeps no copy of the type's tab list.
        self.startingItems = []
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

    /// A tab's name: its route's, followed by the input's segments for a dynamic tab
    /// (`project/3`); what paths, snapshots and `POST /_nav/tab` name it by.
    func name(ofTab position: Int) -> String {
        self.name(of: self.tabs[position])
    }

    func name(of slot: TabSlot) -> String {
        let name = self.table.routes[slot.route].name
        return slot.inputSegment.map { name + "/" + $0 } ?? name
    }

    func position(ofTabNamed name: Substring) -> Int? {
        self.tabs.indices.first { self.name(ofTab: $0)[...] == name }
    }

    /// The position of the tab of route `index` with these canonical input segments (`nil` for
    /// a declared tab).
    func position(ofRoute index: Int, segment: String?) -> Int? {
        self.tabs.firstIndex { $0.route == index && $0.inputSegment == segment }
    }

    /// Builds the content of tab `position` if it was never shown.
    func ensureContent(_ position: Int) {
        guard self.tabs.indices.contains(position), self.tabs[position].content == nil, let owner = self.owner else {
            return
        }
        let content = self.table.routes[self.tabs[position].route].make(owner, self.tabs[position].input)
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

    /// The path that shows tab `position` as it is now, walked on by a path-only walker
    /// positioned at this node (``BranchWalker/pathOnly()``).
    func path(ofTab position: Int, using walker: inout BranchWalker) -> String {
        walker.append(self.name(ofTab: position))
        _ = self.tabs[position].content?.child?.node.walk(&walker, entered: .none)
        return walker.path
    }

    // MARK: Planning

    override func plan(_ parser: inout PathParser) async throws {
        guard let owner = self.owner else { return }
        let start = parser.index
        // A path that stops at the tab bar keeps the active tab as it is.
        guard let segment = parser.peek, segment != PathCodec.endMarker else { return }
        guard let name = PathCodec.decodeName(segment), let route = self.table.index(named: name),
            self.table.routes[route].tabItem != nil
        else {
            throw NavigationError.unknownRoute(
                segment: String(segment),
                coordinator: self.displayName,
                path: parser.path
            )
        }
        parser.advance()
        var inputSegment: String?
        if self.table.routes[route].input != nil {
            inputSegment = try parser.takeInput(for: self.table.routes[route]).segment
        }
        guard let position = self.position(ofRoute: route, segment: inputSegment) else {
            throw NavigationError.unknownTab(name: inputSegment.map { name + "/" + $0 } ?? name)
        }
        if position != self.activeTab {
            try await parser.askGuard(self, route: route, kind: .tab, input: self.tabs[position].input, start: start)
        }
        if let content = self.tabs[position].content {
            try await parser.plan(content)
            if position != self.activeTab {
                parser.commits.append { _ in self.activeTab = position }
            }
        } else {
            let content = self.table.routes[route].make(owner, self.tabs[position].input)
            try await parser.plan(content)
            parser.commits.append { _ in
                self.tabs[position].content = content
                self.adopt(content)
                self.activeTab = position
            }
        }
    }

    // MARK: Operations

    /// Selects the declared tab of route `index` (see ``select(position:tapped:)``).
    func select(route index: Int, tapped: Bool) async throws -> Content {
        try self.checkAlive()
        guard let position = self.tabs.firstIndex(where: { $0.route == index }) else {
            throw NavigationError.unknownTab(name: self.table.routes[index].name)
        }
        return try await self.select(position: position, tapped: tapped)
    }

    /// Selects the tab at `position`, building it on first use. A tap (`tapped`: a user's
    /// `POST /_nav/tab` or `select(tabAt:)`) on the active tab applies its ``TabReselection``, and
    /// any tap then runs the tab's `onTapped` handler.
    func select(position: Int, tapped: Bool) async throws -> Content {
        try self.checkAlive()
        guard self.tabs.indices.contains(position) else { throw NavigationError.unknownTab(name: "#\(position)") }
        let index = self.tabs[position].route
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
            try await self.checkGuard(route: index, kind: .tab, input: self.tabs[position].input)
            try self.checkAlive()
            guard self.tabs.indices.contains(position), self.tabs[position].route == index else {
                throw NavigationError.unknownTab(name: route.name)
            }
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
        // The declared tabs keep their places; the dynamic ones follow in the snapshot's order.
        var slots = self.tabs.filter { $0.input == nil }.map { TabSlot(route: $0.route) }
        for tab in tabSnapshots where !slots.contains(where: { self.name(of: $0) == tab.name }) {
            slots.append(try self.dynamicSlot(named: tab.name))
        }
        let names = slots.map(self.name(of:))
        var built: [(Int, Content)] = []
        for tab in tabSnapshots {
            guard let position = names.firstIndex(of: tab.name) else { throw .unknownTab(name: tab.name) }
            let content = self.table.routes[slots[position].route].make(owner, slots[position].input)
            try plan.restore(content, from: tab.child)
            built.append((position, content))
        }
        guard let activePosition = names.firstIndex(of: active) else { throw .unknownTab(name: active) }
        plan.commits.append { hooks in
            self.tearDownContent(&hooks)
            for (position, content) in built { slots[position].content = content }
            self.tabs = slots
            for (_, content) in built { self.adopt(content) }
            self.activeTab = activePosition
            self.ensureContent(activePosition)
        }
    }

    // MARK: Operations by name (see CoordinatorNode)

    override func selectTab(named name: Substring) async throws -> Bool {
        guard let position = self.position(ofTabNamed: name) else { return false }
        _ = try await self.select(position: position, tapped: true)
        return true
    }

    // MARK: The route map (see CoordinatorNode)

    override func map(into mapper: inout RouteMapper, prefix: [RouteMap.Segment]) {
        mapper.mapTabs(self, prefix: prefix)
    }

    override var defaultPath: (segments: [RouteMap.Segment], endsInStack: Bool) {
        guard let slot = self.activeSlot else { return ([], false) }
        let segments: [RouteMap.Segment] = [.literal(self.name(of: slot))]
        guard let child = slot.content?.child?.node else { return (segments, false) }
        let (rest, endsInStack) = child.defaultPath
        return (segments + rest, endsInStack)
    }
}
