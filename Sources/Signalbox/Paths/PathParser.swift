/// Walks the segments of a path while a tree plans how to reshape itself: nodes consume
/// segments, ask guards and queue the commits that install what they built (detached).
struct PathParser {
    let path: String
    let segments: [Substring]
    private(set) var index = 0
    private var screens = 0
    let maxDepth: Int
    var commits: [(inout HookQueue) -> Void] = []
    /// The deepest coordinator that did not recognise the next segment, for error messages.
    var refusedBy: String?

    init(path: String, segments: [Substring], maxDepth: Int) {
        self.path = path
        self.segments = segments
        self.maxDepth = maxDepth
    }

    var peek: Substring? { self.peek(at: 0) }

    func peek(at offset: Int) -> Substring? {
        self.index + offset < self.segments.count ? self.segments[self.index + offset] : nil
    }

    mutating func advance(by count: Int = 1) { self.index += count }

    /// Plans an entry's content, kept or freshly built: a screen counts one level of depth, a
    /// child coordinator plans its own part of the path.
    mutating func plan(_ content: Content) async throws {
        if case .coordinator(let child) = content {
            try await child.node.plan(&self)
        } else {
            try self.countScreen()
        }
    }

    /// A screen on the path: one level of depth (synchronous, so the common case of a stack of
    /// screens costs no async call).
    mutating func countScreen() throws(NavigationError) {
        self.screens += 1
        if self.screens > self.maxDepth { throw .tooDeep(limit: self.maxDepth) }
    }

    /// Consumes and decodes the input segments of `route` (a route that takes an input: one
    /// segment, or one per argument).
    mutating func takeInput(for route: RouteDescriptor) throws(NavigationError) -> DecodedInput {
        let count = route.input?.segmentCount ?? 1
        guard self.index + count <= self.segments.count else { throw .missingInput(route: route.name) }
        let raw = self.segments[self.index..<self.index + count]
        self.advance(by: count)
        return try route.decode(segments: raw)
    }

    /// Asks `node`'s guard about a navigation this path makes into its route `route`; a
    /// refusal is an error, a redirect ends planning with ``PathRedirect``. `start` is where the
    /// node's own segments begin (a redirect to one of its routes is relative to it).
    func askGuard(
        _ node: CoordinatorNode,
        route: Int,
        kind: NavigationKind,
        input: Any?,
        start: Int
    ) async throws {
        let verdict = try await node.askGuard(route: route, kind: kind, input: input, origin: .path(self.path))
        switch verdict {
        case .allow:
            return
        case .redirect(let target, let resume):
            let prefix = self.segments[..<start].reduce(into: "") { $0 += "/" + $1 }
            let root = node.table.namesRootInPath && start < self.segments.count ? self.segments[start] : nil
            let path = try node.path(of: target, prefix: prefix, rootSegment: root)
            throw PathRedirect(target: path.isEmpty ? "/" : path, resume: resume)
        case .refuse, .notFound:
            try verdict.check(route: node.table.routes[route].name)
        }
    }
}

/// A guard redirected a path: planning stops, nothing changes (see ``PathOutcome``).
struct PathRedirect: Error {
    var target: String
    var resume: Bool
}

/// Rebuilding a tree from a snapshot: nodes build their parts detached and queue the commits.
struct RestorePlan {
    var commits: [(inout HookQueue) -> Void] = []

    /// Plans `node` from `snapshot`, after checking it is a snapshot of the node's type.
    mutating func restore(_ node: CoordinatorNode, from snapshot: CoordinatorSnapshot) throws(NavigationError) {
        guard snapshot.type == node.table.typeName else {
            throw .snapshotMismatch(reason: "expected \(node.table.typeName), found \(snapshot.type)")
        }
        try node.planRestore(snapshot, &self)
    }

    /// Plans a freshly built entry's content from its snapshot (screens have none).
    mutating func restore(_ content: Content, from snapshot: CoordinatorSnapshot?) throws(NavigationError) {
        switch (content, snapshot) {
        case (.coordinator(let child), let snapshot?):
            try self.restore(child.node, from: snapshot)
        case (.screen, nil), (.coordinator, nil):
            return
        case (.screen, .some):
            throw .snapshotMismatch(reason: "a screen route has a coordinator snapshot")
        }
    }
}
