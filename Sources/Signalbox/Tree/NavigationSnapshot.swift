/// The whole tree as data: coordinator types, active roots and tabs, every stack with its
/// presentations and inputs, and each built tab's own stack.
///
/// Snapshots are `Codable` and `Equatable`; ``NavigationTree/restore(_:)`` rebuilds an equal
/// tree through the route factories. Session stores persist them; JSON clients see them.
public struct NavigationSnapshot: Codable, Equatable, Sendable {
    public var root: CoordinatorSnapshot
    public var pendingPath: String?

    public init(root: CoordinatorSnapshot, pendingPath: String? = nil) {
        self.root = root
        self.pendingPath = pendingPath
    }
}

/// One coordinator in a ``NavigationSnapshot``.
public indirect enum CoordinatorSnapshot: Codable, Equatable, Sendable {
    /// A navigation coordinator: its root entry and its stack.
    case navigation(type: String, root: EntrySnapshot, stack: [EntrySnapshot])
    /// A tab coordinator: the active tab and every tab built so far.
    case tabs(type: String, active: String, tabs: [TabSnapshot])
    /// A wrapper and its child.
    case wrapper(type: String, child: CoordinatorSnapshot)

    /// The coordinator's type name.
    public var type: String {
        switch self {
        case .navigation(let type, _, _), .tabs(let type, _, _), .wrapper(let type, _): type
        }
    }
}

/// One stack entry (or root) in a snapshot.
public struct EntrySnapshot: Codable, Equatable, Sendable {
    /// The route name.
    public var route: String
    /// `nil` for roots.
    public var presentation: Presentation?
    /// A presented route's encoded path segment, or a root's input as JSON.
    public var input: String?
    /// The child coordinator the route built, if it built one.
    public var child: CoordinatorSnapshot?

    public init(route: String, presentation: Presentation? = nil, input: String? = nil, child: CoordinatorSnapshot? = nil) {
        self.route = route
        self.presentation = presentation
        self.input = input
        self.child = child
    }
}

/// One built tab in a snapshot.
public struct TabSnapshot: Codable, Equatable, Sendable {
    public var name: String
    public var child: CoordinatorSnapshot?

    public init(name: String, child: CoordinatorSnapshot? = nil) {
        self.name = name
        self.child = child
    }
}

extension NavigationTree {
    /// The tree as data.
    ///
    /// - Throws: ``NavigationError/snapshotMismatch(reason:)`` if a root input fails to encode.
    public func snapshot() throws(NavigationError) -> NavigationSnapshot {
        NavigationSnapshot(root: try self.root.node.snapshot(), pendingPath: self.pendingPath)
    }

    /// Rebuilds the tree from a snapshot, through the route factories, so that
    /// `snapshot()` afterwards equals `snapshot`. The current state is dropped (results are
    /// delivered as `.cancelled`). The snapshot is checked against the tree's types first.
    public func restore(_ snapshot: NavigationSnapshot) throws(NavigationError) {
        var commits: [() -> Void] = []
        try self.root.node.planRestore(snapshot.root, &commits)
        for commit in commits { commit() }
        self.pendingPath = snapshot.pendingPath
    }
}

extension CoordinatorNode {
    func snapshot() throws(NavigationError) -> CoordinatorSnapshot {
        switch self.kind {
        case .navigation:
            guard let root = self.root else { throw .snapshotMismatch(reason: "\(self.displayName) has no root") }
            var rootInput: String?
            if let codec = self.table.routes[root.route].rootInput, let input = root.input {
                do {
                    rootInput = try codec.encode(input)
                } catch {
                    throw .snapshotMismatch(reason: "root input of \(self.displayName) did not encode: \(error)")
                }
            }
            return .navigation(
                type: self.table.typeName,
                root: EntrySnapshot(
                    route: self.table.routes[root.route].name, input: rootInput,
                    child: try root.content.coordinator?.node.snapshot()),
                stack: try self.items.map { item throws(NavigationError) in
                    EntrySnapshot(
                        route: self.table.routes[item.route].name, presentation: item.presentation,
                        input: item.inputSegment, child: try item.content.coordinator?.node.snapshot())
                })
        case .tabs:
            var tabs: [TabSnapshot] = []
            for slot in self.tabs {
                guard let content = slot.content else { continue }
                tabs.append(
                    TabSnapshot(name: self.table.routes[slot.route].name, child: try content.coordinator?.node.snapshot()))
            }
            let active = self.tabs.indices.contains(self.activeTab) ? self.table.routes[self.tabs[self.activeTab].route].name : ""
            return .tabs(type: self.table.typeName, active: active, tabs: tabs)
        case .wrapper:
            guard let wrapped = self.wrapped else { throw .snapshotMismatch(reason: "empty wrapper") }
            return .wrapper(type: self.table.typeName, child: try wrapped.node.snapshot())
        }
    }

    /// Builds (detached) everything the snapshot describes and queues the commits that install it.
    func planRestore(_ snapshot: CoordinatorSnapshot, _ commits: inout [() -> Void]) throws(NavigationError) {
        guard snapshot.type == self.table.typeName, let owner = self.owner else {
            throw .snapshotMismatch(reason: "expected \(self.table.typeName), found \(snapshot.type)")
        }
        switch (self.kind, snapshot) {
        case (.navigation, .navigation(_, let rootSnapshot, let stack)):
            let rootIndex = try self.routeIndex(rootSnapshot.route, root: true)
            let route = self.table.routes[rootIndex]
            var input: Any?
            if let codec = route.rootInput {
                guard let json = rootSnapshot.input else { throw .missingRootInput(root: route.name) }
                do {
                    input = try codec.decode(json)
                } catch {
                    throw .snapshotMismatch(reason: "root input of \(route.name) did not decode: \(error)")
                }
            }
            let rootContent = route.make(owner, input)
            try Self.restoreChild(rootContent, rootSnapshot.child, &commits)
            var entries: [Entry] = []
            for item in stack {
                let index = try self.routeIndex(item.route, root: false)
                let itemRoute = self.table.routes[index]
                var itemInput: Any?
                if let codec = itemRoute.input {
                    guard let segment = item.input else { throw .missingInput(route: itemRoute.name) }
                    do {
                        itemInput = try codec.decode(PathCodec.decodeInput(segment[...]))
                    } catch {
                        throw .badInput(route: itemRoute.name, segment: segment, reason: error.reason)
                    }
                }
                let content = itemRoute.make(owner, itemInput)
                try Self.restoreChild(content, item.child, &commits)
                entries.append(
                    Entry(
                        route: index, presentation: itemRoute.presentation, input: itemInput, inputSegment: item.input,
                        content: content))
            }
            let rootEntry = Entry(route: rootIndex, presentation: nil, input: input, inputSegment: nil, content: rootContent)
            commits.append {
                self.replaceRoot(with: rootEntry)
                for entry in entries { self.append(entry) }
            }
        case (.tabs, .tabs(_, let active, let tabSnapshots)):
            var built: [(Int, Content)] = []
            for tab in tabSnapshots {
                guard let position = self.tabs.firstIndex(where: { self.table.routes[$0.route].name == tab.name }) else {
                    throw .unknownTab(name: tab.name)
                }
                let content = self.table.routes[self.tabs[position].route].make(owner, nil)
                try Self.restoreChild(content, tab.child, &commits)
                built.append((position, content))
            }
            guard let activeIndex = self.tabs.firstIndex(where: { self.table.routes[$0.route].name == active }) else {
                throw .unknownTab(name: active)
            }
            commits.append {
                for slot in self.tabs {
                    if case .coordinator(let child)? = slot.content { child.node.tearDown() }
                }
                for index in self.tabs.indices { self.tabs[index].content = nil }
                for (position, content) in built {
                    self.tabs[position].content = content
                    self.adopt(content)
                }
                self.activeTab = activeIndex
                self.ensureTabContent(activeIndex)
            }
        case (.wrapper, .wrapper(_, let child)):
            try self.wrapped?.node.planRestore(child, &commits)
        default:
            throw .snapshotMismatch(reason: "\(self.displayName) is not shaped like the snapshot")
        }
    }

    private func routeIndex(_ name: String, root: Bool) throws(NavigationError) -> Int {
        guard let index = self.table.index(named: name), self.table.routes[index].isRoot == root else {
            throw .snapshotMismatch(reason: "\(self.displayName) has no \(root ? "root" : "route") \"\(name)\"")
        }
        return index
    }

    private static func restoreChild(
        _ content: Content, _ snapshot: CoordinatorSnapshot?, _ commits: inout [() -> Void]
    ) throws(NavigationError) {
        switch (content, snapshot) {
        case (.coordinator(let child), let snapshot?):
            try child.node.planRestore(snapshot, &commits)
        case (.screen, nil), (.coordinator, nil):
            return
        case (.screen, .some):
            throw .snapshotMismatch(reason: "a screen route has a coordinator snapshot")
        }
    }
}
