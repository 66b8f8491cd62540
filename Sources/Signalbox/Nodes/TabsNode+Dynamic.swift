// Dynamic tabs: a tab route that takes an input is a tab per value (a tab per open project),
// opened and closed at run time. Declared tabs keep their places; opened ones follow in the
// order they were opened. A dynamic tab's name, in paths and snapshots, is its route's name and
// its input's segments (`project/3`).

extension TabsNode {
    /// Opens a tab of route `index` for `input` (asking the guard), or finds the one already
    /// open; selects it when `select` is set. Returns its position.
    func open(route index: Int, input: Any, select: Bool) async throws -> Int {
        try self.checkAlive()
        let route = self.table.routes[index]
        guard route.tabItem != nil, route.input != nil else {
            throw NavigationError.routeNotFound(route: route.name, coordinator: self.displayName)
        }
        let segment = try route.encodeSegment(input)
        if let position = self.position(ofRoute: index, segment: segment) {
            if select { _ = try await self.select(position: position, tapped: false) }
            return position
        }
        try await self.checkGuard(route: index, kind: .tab, input: input)
        try self.checkAlive()
        // A concurrent open of the same tab may have won while the guard was asked.
        if let position = self.position(ofRoute: index, segment: segment) {
            if select { self.activeTab = position }
            return position
        }
        self.tabs.append(TabSlot(route: index, input: input, inputSegment: segment))
        let position = self.tabs.count - 1
        self.ensureContent(position)
        if select { self.activeTab = position }
        return position
    }

    /// Closes the dynamic tab at `position`: its content is torn down (results cancelled,
    /// dismiss handlers run); when it was active, the tab before it (or the first) becomes active.
    /// A coordinator keeps at least one tab: there would be no page to show.
    func close(position: Int) async throws {
        try self.checkAlive()
        guard self.tabs.indices.contains(position) else { throw NavigationError.unknownTab(name: "#\(position)") }
        guard self.tabs[position].input != nil else {
            throw NavigationError.cannotDismiss(
                coordinator: self.displayName,
                reason: "the tab \"\(self.name(ofTab: position))\" is declared, only opened tabs close"
            )
        }
        guard self.tabs.count > 1 else {
            throw NavigationError.cannotDismiss(coordinator: self.displayName, reason: "its last tab cannot close")
        }
        var hooks = HookQueue()
        let slot = self.tabs[position]
        let active = self.activeTab
        slot.content?.child?.node.tearDown(&hooks)
        self.tabs.remove(at: position)
        if active > position || (active == position && active > 0) {
            self.activeTab = active - 1
        }
        self.ensureContent(self.activeTab)
        try await hooks.run()
    }

    /// The slot of a dynamic tab named in a snapshot (`project/3`), its input decoded.
    func dynamicSlot(named name: String) throws(NavigationError) -> TabSlot {
        let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let index = self.table.index(named: String(parts[0])),
            self.table.routes[index].tabItem != nil, self.table.routes[index].input != nil
        else { throw .unknownTab(name: name) }
        let decoded = try self.table.routes[index].decode(storedSegment: String(parts[1]))
        return TabSlot(route: index, input: decoded.value, inputSegment: decoded.segment)
    }
}
