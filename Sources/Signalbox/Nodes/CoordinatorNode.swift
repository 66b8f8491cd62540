/// Signalbox's bookkeeping for one coordinator: its place in the tree and, in the subclass for
/// its kind (``StackNode``, ``TabsNode``, ``WrapperNode``), its stack, tabs or wrapped child.
///
/// This class is the one interface the tree uses for every kind: walking the active branch,
/// planning a path, tearing down, snapshots. A new kind (a split view) is a new subclass; no
/// `switch` over kinds exists elsewhere.
///
/// Ownership is strong downwards (entries own screens and child coordinators, coordinators own
/// their node) and weak upwards, so removing an entry releases everything under it.
class CoordinatorNode {
    /// The coordinator this node belongs to; set when bound.
    private(set) weak var owner: (any Coordinatable)?
    /// The route table of the owner's type; set when bound.
    private(set) var table = RouteTable.unbound
    weak var parent: CoordinatorNode?
    /// Set on the root node of a tree only.
    weak var treeStorage: NavigationTree?
    var isDismissed = false

    /// Binds the node to its coordinator (once) and builds its initial content.
    final func bind(to owner: any Coordinatable) {
        guard self.owner == nil else { return }
        self.owner = owner
        self.table = RouteRegistry.table(for: owner)
        self.didBind(owner)
    }

    /// A short name of the owner's type for messages.
    final var displayName: String { self.table.displayName }

    /// The tree this node is attached to (found at the root).
    final var tree: NavigationTree? {
        var node = self
        while let parent = node.parent { node = parent }
        return node.treeStorage
    }

    /// Records a change to this node's part of a snapshot in its tree's ``NavigationTree/revision``
    /// (nothing while the node is not in a tree: attaching it is a change of its new parent).
    final func noteChange() {
        self.tree?.noteChange()
    }

    /// Makes a child coordinator's node a child of this one.
    final func adopt(_ content: Content) {
        content.child?.node.parent = self
    }

    // MARK: What each kind implements

    /// Builds the initial root or tab once the owner is known.
    func didBind(_ owner: any Coordinatable) {}

    /// The segment that names the active root in paths, for a coordinator that has several.
    var rootSegment: String? { nil }

    /// The active child coordinator's node, one level down (deep links travel this way).
    var activeChild: CoordinatorNode? { nil }

    /// ``walk(_:entered:)`` inside the owner's ``Coordinatable/customize()`` frame, if it has one:
    /// how every node walks its children.
    final func walkCustomized(_ walker: inout BranchWalker, entered: Arrival) -> Bool {
        if walker.sought === self { walker.foundPrefix = walker.prefix }
        guard let frame = self.owner?.customize() else { return self.walk(&walker, entered: entered) }
        walker.wrappers.append(frame)
        defer { walker.wrappers.removeLast() }
        return self.walk(&walker, entered: entered)
    }

    /// Walks this node's part of the active branch; returns whether the walk ended in a stack
    /// (a stack parent then owes an end marker before its own next segment).
    func walk(_ walker: inout BranchWalker, entered: Arrival) -> Bool { false }

    /// Plans the changes that make this node's part of the tree match the parser's segments.
    /// Plans build new parts detached and queue commits; nothing changes here.
    func plan(_ parser: inout PathParser) async throws {}

    /// This node as data.
    func snapshot() throws(NavigationError) -> CoordinatorSnapshot {
        throw .snapshotMismatch(reason: "\(self.displayName) cannot be snapshotted")
    }

    /// Builds (detached) everything the snapshot describes and queues the commits installing it.
    func planRestore(_ snapshot: CoordinatorSnapshot, _ plan: inout RestorePlan) throws(NavigationError) {
        throw .snapshotMismatch(reason: "\(self.displayName) is not shaped like the snapshot")
    }

    /// Disposes everything under this node (the coordinator leaves the tree).
    func tearDownContent(_ hooks: inout HookQueue) {}

    /// Pops the first stack under this node (through wrappers) to its root.
    func popToRootDeep(_ hooks: inout HookQueue) {}

    /// Removes `child`, which asked to be dismissed.
    func dismiss(child: CoordinatorNode, _ hooks: inout HookQueue) throws(NavigationError) {
        throw .cannotDismiss(coordinator: child.displayName, reason: "it has no parent that can remove it")
    }

    /// Ends the flow `child` belongs to with a value (see ``Answering/finish(with:)``).
    func finish(
        child: CoordinatorNode,
        with value: Any,
        screen: String,
        _ hooks: inout HookQueue
    )
        throws(NavigationError)
    {
        try self.finishFromParent(with: value, screen: screen, &hooks)
    }

    /// Ends the flow of the screen at `position` of this node with a value: a stack item answers
    /// its route's result handler; anything else answers for the whole coordinator.
    func finish(
        screenAt position: StackPosition?,
        with value: Any,
        screen: String,
        _ hooks: inout HookQueue
    )
        throws(NavigationError)
    {
        try self.finishFromParent(with: value, screen: screen, &hooks)
    }

    // MARK: Operations by name (a host's router API: NavigationTree+Operations.swift)

    /// Pushes or presents this coordinator's route `name`, its input decoded from `input`;
    /// `false` when this node has no such route to push.
    func route(toNamed name: String, input: String?) async throws -> Bool { false }

    /// Whether this node pushes and presents routes (the router API offers them).
    var presentsRoutes: Bool { false }

    /// Pops this node's top item (refusing a non-dismissible modal when asked); `false` when it
    /// has no item to pop.
    func popTopItem(respectingDismissibility: Bool) async throws -> Bool { false }

    /// Pops this node's items back to its root; `false` when it has none.
    func popItemsToRoot() async throws -> Bool { false }

    /// Selects this node's tab `name` as a tap would; `false` when it has no such tab.
    func selectTab(named name: Substring) async throws -> Bool { false }

    /// Closes the presentation that shows the screen at `position` of this node; `false` when
    /// that screen is not an item of this node.
    func dismissPresentation(showing position: StackPosition?) async throws -> Bool { false }

    /// Closes the presentation that holds `child`; `false` when this node does not hold it as
    /// an item (the search goes on upwards).
    func dismissPresentation(holding child: CoordinatorNode) async throws -> Bool { false }

    /// Whether `child`, a coordinator held by this node, can be removed from it.
    func canDismiss(_ child: CoordinatorNode) -> Bool { false }

    // MARK: The route map (RouteMap.swift)

    /// Lists this coordinator's routes into `mapper` at the pattern `prefix`.
    func map(into mapper: inout RouteMapper, prefix: [RouteMap.Segment]) {}

    /// The segments a fresh coordinator spells for its initial state, and whether they end in a
    /// stack (so that a parent's next segment needs the `~` marker first).
    var defaultPath: (segments: [RouteMap.Segment], endsInStack: Bool) { ([], false) }
}

// MARK: Shared by every kind

extension CoordinatorNode {
    /// This coordinator leaves the tree: everything under it is disposed, once.
    final func tearDown(_ hooks: inout HookQueue) {
        guard !self.isDismissed else { return }
        self.tearDownContent(&hooks)
        self.isDismissed = true
    }

    /// Throws when the coordinator was already removed from its tree.
    final func checkAlive() throws(NavigationError) {
        if self.isDismissed { throw .coordinatorDismissed(coordinator: self.displayName) }
    }

    /// Removes this coordinator from its parent.
    final func dismissFromParent(_ hooks: inout HookQueue) throws(NavigationError) {
        try self.checkAlive()
        guard let parent = self.parent else {
            throw .cannotDismiss(coordinator: self.displayName, reason: "it has no parent")
        }
        try parent.dismiss(child: self, &hooks)
    }

    /// Ends the flow this coordinator was presented for with a value.
    final func finishFromParent(with value: Any, screen: String, _ hooks: inout HookQueue) throws(NavigationError) {
        try self.checkAlive()
        guard let parent = self.parent else { throw .noResultExpected(screen: screen) }
        try parent.finish(child: self, with: value, screen: screen, &hooks)
    }

    /// Asks the owner's guard about a navigation into route `route` (one generic call opens the
    /// owner's type, so the guard gets a ``NavigationAttempt`` of its own coordinator).
    final func askGuard(
        route: Int,
        kind: NavigationKind,
        input: Any?,
        origin: NavigationOrigin
    ) async throws -> GuardVerdict {
        guard let owner = self.owner else { return .allow }
        return try await Self.ask(owner, table: self.table, route: route, kind: kind, input: input, origin: origin)
    }

    private static func ask<C: Coordinatable>(
        _ owner: C,
        table: RouteTable,
        route: Int,
        kind: NavigationKind,
        input: Any?,
        origin: NavigationOrigin
    ) async throws -> GuardVerdict {
        let attempt = NavigationAttempt(
            coordinator: owner,
            table: table,
            route: route,
            kind: kind,
            input: input,
            origin: origin
        )
        return try await owner.guardNavigation(attempt).verdict
    }

    /// Asks the guard on behalf of an operation; refusals and redirects become errors.
    final func checkGuard(route: Int, kind: NavigationKind, input: Any?) async throws {
        let verdict = try await self.askGuard(route: route, kind: kind, input: input, origin: .operation)
        guard case .redirect(let target, _) = verdict else {
            return try verdict.check(route: self.table.routes[route].name)
        }
        // The redirect is relative to where this coordinator is on the active branch; one that
        // is not there (an inactive tab's) stays on the current page.
        guard let prefix = self.tree?.pathPrefix(of: self) else {
            throw NavigationError.redirect(to: self.tree?.path ?? "/")
        }
        throw NavigationError.redirect(to: try self.path(of: target, prefix: prefix, rootSegment: nil))
    }

    /// The path a guard's redirect leads to. `prefix` is the path up to this node (`""` at the
    /// root); `rootSegment`, the root a path being planned names (else the active root's).
    final func path(
        of target: RedirectTarget,
        prefix: String,
        rootSegment: Substring?
    ) throws(NavigationError)
        -> String
    {
        switch target {
        case .path(let path):
            return path
        case .current:
            return self.tree?.path ?? "/"
        case .route(let keyPath, let input):
            guard let owner = self.owner,
                let index = RouteRegistry.routeIndex(ofPartial: keyPath, in: owner, table: self.table)
            else { throw .routeNotFound(route: "\(keyPath)", coordinator: self.displayName) }
            let route = self.table.routes[index]
            if route.rootInput != nil { throw .missingRootInput(root: route.name) }
            var path = prefix
            if route.isRoot {
                // A coordinator with one root does not name it in paths.
                if self.table.namesRootInPath { path += "/" + route.name }
            } else {
                if route.presentation != nil, let root = rootSegment.map(String.init) ?? self.rootSegment {
                    path += "/" + root
                }
                path += "/" + route.name
            }
            if route.input != nil {
                guard let value = input?.value else { throw .missingInput(route: route.name) }
                path += "/" + (try route.encodeSegment(value))
            }
            return path.isEmpty ? "/" : path
        }
    }

    /// Throws when adding `extra` screens would exceed the tree's depth limit.
    final func checkDepth(adding extra: Int) throws(NavigationError) {
        guard let tree = self.tree else { return }
        let limit = tree.configuration.maxDepth
        if tree.depth + extra > limit { throw .tooDeep(limit: limit) }
    }

    /// Sends a step up from this coordinator.
    final func send(_ step: any Step) async throws {
        var node: CoordinatorNode? = self
        while let current = node {
            if let owner = current.owner, try await owner.handle(step) { return }
            node = current.parent
        }
        throw NavigationError.unhandledStep(step: String(describing: step))
    }

    /// The nearest coordinator of type `C` at or above this node.
    final func nearest<C: Coordinatable>(_ type: C.Type) -> (C, CoordinatorNode)? {
        var node: CoordinatorNode? = self
        while let current = node {
            if let coordinator = current.owner as? C { return (coordinator, current) }
            node = current.parent
        }
        return nil
    }
}

extension GuardVerdict {
    /// Turns a refusal or a not-found into the error an operation throws (a redirect is
    /// resolved by the node that asked).
    func check(route: String) throws(NavigationError) {
        switch self {
        case .allow, .redirect: return
        case .refuse(let reason): throw .refused(route: route, reason: reason)
        case .notFound(let reason): throw .notFound(route: route, reason: reason)
        }
    }
}
