// Dynamic tabs (Stinsen issue #40): a tab route whose factory takes an input is a tab per value,
// opened and closed at run time, with a stable URL of its own (`/projects/project/3`). A URL
// naming a tab that is not open answers `unknownTab` (404 over HTTP).
//
//     @Route(tab: "Project", icon: "folder", title: projectName) var project = makeProject
//     func makeProject(id: Int) -> ProjectCoordinator { ProjectCoordinator(id: id) }
//     func projectName(id: Int) async throws -> String { try await store.project(id).name }
//
//     try await tabs.openTab(\.project, 3)          // opens (or finds) the tab and selects it
//     try await tabs.closeTab(\.project, 3)         // its flow is torn down; the tab before it is shown

extension TabOperations {
    /// Opens the tab of `tab` for `input` after the declared ones and the tabs opened before
    /// (asking the guard), or finds it if it is open; selects it unless `select` is `false`.
    /// Returns the tab's coordinator.
    @discardableResult
    public func openTab<Input, Output: Coordinatable>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Input, Output>>,
        _ input: Input,
        select: Bool = true
    ) async throws -> Output {
        let (coordinator, node) = try self.resolve()
        let index = try RouteRegistry.routeIndex(of: tab, in: coordinator, table: node.table)
        let position = try await node.open(route: index, input: input, select: select)
        return node.tabs[position].content!.output()
    }

    /// Opens (or finds) the tab of a screen route for `input`; selects it unless `select` is
    /// `false`.
    @discardableResult
    public func openTab<Input, Output: Screen>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Input, Output>>,
        _ input: Input,
        select: Bool = true
    ) async throws -> Coordinator {
        let (coordinator, node) = try self.resolve()
        let index = try RouteRegistry.routeIndex(of: tab, in: coordinator, table: node.table)
        _ = try await node.open(route: index, input: input, select: select)
        return coordinator
    }

    /// Closes the open tab of `tab` for `input`: its flow is torn down (results `.cancelled`,
    /// dismiss handlers run); if it was active, the tab before it becomes active.
    ///
    /// - Throws: ``NavigationError/unknownTab(name:)`` when no such tab is open.
    @discardableResult
    public func closeTab<Input, Output>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Input, Output>>,
        _ input: Input
    ) async throws -> Coordinator {
        let (coordinator, node, position) = try self.openPosition(tab, input)
        try await node.close(position: position)
        return coordinator
    }

    /// Selects the open tab of `tab` for `input` (asking the guard) and returns its coordinator.
    ///
    /// - Throws: ``NavigationError/unknownTab(name:)`` when no such tab is open.
    @discardableResult
    public func focusFirst<Input, Output: Coordinatable>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Input, Output>>,
        _ input: Input
    ) async throws -> Output {
        let (_, node, position) = try self.openPosition(tab, input)
        return try await node.select(position: position, tapped: false).output()
    }

    /// Whether the tab of `tab` for `input` is open.
    public func hasTab<Input, Output>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Input, Output>>,
        _ input: Input
    ) -> Bool {
        (try? self.openPosition(tab, input)) != nil
    }

    /// Whether the tab of `tab` for `input` is open and active.
    public func isActive<Input, Output>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Input, Output>>,
        _ input: Input
    ) -> Bool {
        guard let (_, node, position) = try? self.openPosition(tab, input) else { return false }
        return node.activeTab == position
    }

    /// The position of the open tab of `tab` for `input`.
    private func openPosition<Input, Output>(
        _ tab: KeyPath<Coordinator, Transition<Coordinator, TabRoute, Input, Output>>,
        _ input: Input
    ) throws -> (Coordinator, TabsNode, Int) {
        let (coordinator, node) = try self.resolve()
        let index = try RouteRegistry.routeIndex(of: tab, in: coordinator, table: node.table)
        let route = node.table.routes[index]
        let segment = try route.encodeSegment(input)
        guard let position = node.position(ofRoute: index, segment: segment) else {
            throw NavigationError.unknownTab(name: route.name + "/" + segment)
        }
        return (coordinator, node, position)
    }
}
