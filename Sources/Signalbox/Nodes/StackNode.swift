/// The node of a ``NavigationCoordinatable``: its active root and the entries pushed or
/// presented on top.
final class StackNode: CoordinatorNode {
    var root: Entry? {
        didSet {
            self.encodedRootInput = nil
            self.noteChange()
        }
    }
    /// The root's input as JSON, kept by ``snapshotStack()`` until the root changes (a durable
    /// session store snapshots the tree after every request).
    var encodedRootInput: String?
    var items: [Entry] = [] {
        didSet { self.noteChange() }
    }
    /// The initial root's storage (read from the owner, typed, when the node is bound) and input;
    /// boxed and dropped once bound, so a session does not keep it.
    private var initialRoot: InitialRoot?

    private final class InitialRoot {
        let storage: (AnyObject) -> AnyKeyPath
        let input: Any?

        init(storage: @escaping (AnyObject) -> AnyKeyPath, input: Any?) {
            self.storage = storage
            self.input = input
        }
    }

    init(initialRoot storage: @escaping (AnyObject) -> AnyKeyPath, input: Any?) {
        self.initialRoot = InitialRoot(storage: storage, input: input)
    }

    override func didBind(_ owner: any Coordinatable) {
        guard let initialRoot = self.initialRoot.take(),
            let index = self.table.index(ofStorage: initialRoot.storage(owner), in: owner)
        else { return }
        let content = self.table.routes[index].make(owner, initialRoot.input)
        self.root = Entry(
            route: index,
            presentation: nil,
            input: initialRoot.input,
            inputSegment: nil,
            content: content
        )
        self.adopt(content)
    }

    override var activeChild: CoordinatorNode? {
        (self.items.last ?? self.root)?.content.child?.node
    }

    /// The entry at `position`.
    func entry(at position: StackPosition) -> Entry? {
        switch position {
        case .root: self.root
        case .item(let index): self.items.indices.contains(index) ? self.items[index] : nil
        }
    }

    override func plan(_ parser: inout PathParser) async throws {
        try await self.planStack(&parser)
    }

    override func snapshot() throws(NavigationError) -> CoordinatorSnapshot {
        try self.snapshotStack()
    }

    override func planRestore(_ snapshot: CoordinatorSnapshot, _ plan: inout RestorePlan) throws(NavigationError) {
        try self.planStackRestore(snapshot, &plan)
    }

    override var rootSegment: String? {
        guard self.table.namesRootInPath, let root = self.root else { return nil }
        return self.table.routes[root.route].name
    }

    // MARK: Walking

    override func walk(_ walker: inout BranchWalker, entered: Arrival) -> Bool {
        walker.top = self
        guard let root = self.root else { return true }
        if self.table.namesRootInPath { walker.append(self.table.routes[root.route].name) }
        self.walk(root, at: .root, entered: entered, &walker)
        for (index, item) in self.items.enumerated() {
            let name = self.table.routes[item.route].name
            walker.append(name)
            if let segment = item.inputSegment { walker.append(segment) }
            self.walk(item, at: .item(index), entered: Arrival(presentation: item.presentation, route: name), &walker)
        }
        return true
    }

    private func walk(_ entry: Entry, at position: StackPosition, entered: Arrival, _ walker: inout BranchWalker) {
        walker.top = self
        switch entry.content {
        case .screen(let screen):
            walker.visit(
                screen,
                route: entered.route ?? self.table.routes[entry.route].name,
                presentation: entered.presentation,
                node: self,
                position: position
            )
        case .coordinator(let child):
            if child.node.walkCustomized(&walker, entered: entered) { walker.owesEndMarker() }
        }
    }

    // MARK: Mutations (synchronous; the hooks they owe go to the queue)

    /// Appends an entry and adopts its child coordinator.
    func append(_ entry: Entry) {
        self.items.append(entry)
        self.adopt(entry.content)
    }

    /// Pops items until `count` remain, top first.
    func truncate(to count: Int, _ hooks: inout HookQueue) {
        let kept = max(count, 0)
        guard self.items.count > kept else { return }
        let first = self.items[kept]
        while self.items.count > kept {
            self.dispose(self.items.removeLast(), &hooks)
        }
        // After the disposals, which may pop the stacks of child coordinators: this pop, the
        // outermost, is the one the user comes back from.
        self.noteDeparture(of: first, keeping: kept)
    }

    /// Replaces the root (popping every item first).
    func replaceRoot(with entry: Entry, _ hooks: inout HookQueue) {
        self.truncate(to: 0, &hooks)
        if let old = self.root { self.dispose(old, &hooks) }
        self.root = entry
        self.adopt(entry.content)
    }

    /// An entry left the stack: its coordinator is torn down, its route's result handler gets
    /// `.cancelled` if no result came, then the route's declared dismiss handler and the entry's
    /// own onDismiss closure run.
    func dispose(_ entry: Entry, _ hooks: inout HookQueue) {
        entry.content.child?.node.tearDown(&hooks)
        let route = self.table.routes[entry.route]
        if !entry.finished, let handler = route.result, let owner = self.owner {
            hooks.deliver(handler, to: owner, value: nil)
        }
        if let declared = route.dismiss, let owner = self.owner {
            hooks.dismissed { try await declared.call(owner) }
        }
        if let onDismiss = entry.onDismiss { hooks.dismissed(onDismiss) }
    }

    override func tearDownContent(_ hooks: inout HookQueue) {
        self.truncate(to: 0, &hooks)
        self.root?.content.child?.node.tearDown(&hooks)
    }

    override func popToRootDeep(_ hooks: inout HookQueue) {
        self.truncate(to: 0, &hooks)
    }

    /// The index of the item holding `child`, if an item (not the root) holds it.
    func itemIndex(holding child: CoordinatorNode) -> Int? {
        self.items.firstIndex { $0.content.child?.node === child }
    }

    override func dismiss(child: CoordinatorNode, _ hooks: inout HookQueue) throws(NavigationError) {
        guard let index = self.itemIndex(holding: child) else {
            throw .cannotDismiss(coordinator: child.displayName, reason: "it is its parent's root")
        }
        self.truncate(to: index, &hooks)
    }

    override func finish(
        child: CoordinatorNode,
        with value: Any,
        screen: String,
        _ hooks: inout HookQueue
    )
        throws(NavigationError)
    {
        guard let index = self.itemIndex(holding: child) else {
            return try self.finishFromParent(with: value, screen: screen, &hooks)
        }
        try self.finishEntry(at: index, with: value, screen: screen, &hooks)
    }

    /// Pops item `index` (and everything above it) delivering `.finished(value)` to its route's
    /// result handler; falls back to the enclosing flow when the route expects no result.
    func finishEntry(at index: Int, with value: Any, screen: String, _ hooks: inout HookQueue) throws(NavigationError) {
        let route = self.table.routes[self.items[index].route]
        guard let handler = route.result else {
            return try self.finishFromParent(with: value, screen: screen, &hooks)
        }
        guard handler.accepts(value) else {
            throw .resultTypeMismatch(
                route: route.name,
                expected: handler.valueType,
                actual: String(reflecting: type(of: value))
            )
        }
        self.truncate(to: index + 1, &hooks)
        var entry = self.items.removeLast()
        entry.finished = true
        self.dispose(entry, &hooks)
        self.noteDeparture(of: entry, keeping: index)
        if let owner = self.owner { hooks.deliver(handler, to: owner, value: value) }
    }

    // MARK: Operations (what coordinators and routers call)

    /// Builds and appends a route's output, after the guard and depth checks.
    func push(_ index: Int, input: Any?, onDismiss: DismissHandler?) async throws -> Content {
        try self.checkAlive()
        guard let owner = self.owner else { throw NavigationError.coordinatorDismissed(coordinator: self.displayName) }
        let route = self.table.routes[index]
        guard let presentation = route.presentation else {
            throw NavigationError.routeNotFound(route: route.name, coordinator: self.displayName)
        }
        let input = route.input == nil ? nil : input
        // An input that cannot be written in a path is refused before the guard is asked.
        let segment = try input.map { input throws(NavigationError) in try route.encodeSegment(input) }
        try await self.checkGuard(route: index, kind: .route(presentation), input: input)
        try self.checkAlive()
        try self.checkDepth(adding: 1)
        let content = route.make(owner, input)
        self.append(
            Entry(
                route: index,
                presentation: presentation,
                input: input,
                inputSegment: segment,
                content: content,
                onDismiss: onDismiss
            )
        )
        return content
    }

    /// Switches the root, unless it is already active with an equal input (as `isSame` says when
    /// the caller compared them, else by the route's own rule: the same JSON).
    func switchRoot(to index: Int, input: Any?, isSame: Bool? = nil) async throws -> Content {
        try self.checkAlive()
        guard let owner = self.owner else { throw NavigationError.coordinatorDismissed(coordinator: self.displayName) }
        let route = self.table.routes[index]
        if let current = self.root, current.route == index,
            isSame ?? route.sameRootInput(current.input, input)
        {
            return current.content
        }
        if route.rootInput != nil && input == nil { throw NavigationError.missingRootInput(root: route.name) }
        try await self.checkGuard(route: index, kind: .root, input: input)
        try self.checkAlive()
        let content = route.make(owner, input)
        var hooks = HookQueue()
        self.replaceRoot(
            with: Entry(route: index, presentation: nil, input: input, inputSegment: nil, content: content),
            &hooks
        )
        try await hooks.run()
        return content
    }

    /// Pops so that `position` is on top; `action` runs after the removed entries' handlers.
    func pop(to position: StackPosition, then action: DismissHandler? = nil) async throws {
        try self.checkAlive()
        guard self.entry(at: position) != nil else {
            throw NavigationError.routeNotFound(route: "\(position)", coordinator: self.displayName)
        }
        var hooks = HookQueue()
        self.truncate(to: position.keptCount, &hooks)
        if let action { hooks.dismissed(action) }
        try await hooks.run()
    }

    /// Pops until the first (or last) entry of route `index`, with the given input segment when
    /// one is given, is on top; returns that entry's content. `action` runs after the removed
    /// entries' handlers.
    func focus(
        _ index: Int,
        segment: String?,
        last: Bool = false,
        then action: DismissHandler? = nil
    ) async throws -> Content {
        try await self.focus(index, entry: { segment == nil || $0.inputSegment == segment }, last: last, then: action)
    }

    /// Pops until the first entry of route `index` whose input passes `input` is on top.
    func focus(_ index: Int, where input: (Any?) -> Bool) async throws -> Content {
        try await self.focus(index, entry: { input($0.input) }, last: false, then: nil)
    }

    private func focus(
        _ index: Int,
        entry test: (Entry) -> Bool,
        last: Bool,
        then action: DismissHandler?
    ) async throws -> Content {
        try self.checkAlive()
        let matches: (Entry) -> Bool = { $0.route == index && test($0) }
        guard let position = last ? self.items.lastIndex(where: matches) : self.items.firstIndex(where: matches) else {
            throw NavigationError.routeNotFound(route: self.table.routes[index].name, coordinator: self.displayName)
        }
        let content = self.items[position].content
        var hooks = HookQueue()
        self.truncate(to: position + 1, &hooks)
        if let action { hooks.dismissed(action) }
        try await hooks.run()
        return content
    }

    // MARK: Operations by name (see CoordinatorNode)

    override var presentsRoutes: Bool { true }

    override func route(toNamed name: String, input: String?) async throws -> Bool {
        guard let index = self.table.index(named: name), self.table.routes[index].presentation != nil else {
            return false
        }
        let route = self.table.routes[index]
        var value: Any?
        if route.input != nil {
            guard let input else { throw NavigationError.missingInput(route: name) }
            value = try route.decode(text: input).value
        }
        _ = try await self.push(index, input: value, onDismiss: nil)
        return true
    }

    override func popTopItem(respectingDismissibility: Bool) async throws -> Bool {
        guard !self.items.isEmpty else { return false }
        try await self.closeItem(at: self.items.count - 1, respectingDismissibility: respectingDismissibility)
        return true
    }

    override func popItemsToRoot() async throws -> Bool {
        guard !self.items.isEmpty else { return false }
        try await self.pop(to: .root)
        return true
    }

    override func dismissPresentation(showing position: StackPosition?) async throws -> Bool {
        guard case .item(let index)? = position, self.items.indices.contains(index) else { return false }
        try await self.closeItem(at: index, respectingDismissibility: true)
        return true
    }

    override func dismissPresentation(holding child: CoordinatorNode) async throws -> Bool {
        guard let index = self.itemIndex(holding: child) else { return false }
        try await self.closeItem(at: index, respectingDismissibility: true)
        return true
    }

    override func canDismiss(_ child: CoordinatorNode) -> Bool {
        self.itemIndex(holding: child) != nil
    }

    override func finish(
        screenAt position: StackPosition?,
        with value: Any,
        screen: String,
        _ hooks: inout HookQueue
    )
        throws(NavigationError)
    {
        guard case .item(let index)? = position, index < self.items.count else {
            return try self.finishFromParent(with: value, screen: screen, &hooks)
        }
        try self.finishEntry(at: index, with: value, screen: screen, &hooks)
    }

    /// Pops item `index` and everything above it, unless it is a modal the user may not close.
    private func closeItem(at index: Int, respectingDismissibility: Bool) async throws {
        let item = self.items[index]
        if respectingDismissibility, item.presentation?.isDismissible == false {
            throw NavigationError.notDismissible(route: self.table.routes[item.route].name)
        }
        try await self.pop(to: .top(of: index))
    }

    // MARK: The route map (see CoordinatorNode)

    override func map(into mapper: inout RouteMapper, prefix: [RouteMap.Segment]) {
        mapper.mapStack(self, prefix: prefix)
    }

    override var defaultPath: (segments: [RouteMap.Segment], endsInStack: Bool) {
        guard let root = self.root else { return ([], true) }
        var segments: [RouteMap.Segment] =
            self.table.namesRootInPath ? [.literal(self.table.routes[root.route].name)] : []
        if let child = root.content.child?.node { segments += child.defaultPath.segments }
        return (segments, true)
    }
}
