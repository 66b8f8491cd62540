/// Accumulates a canonical path while walking the active branch, and optionally the branch.
struct PathBuilder {
    /// The UTF-8 of the path so far, without the lone `/` of the empty path: empty or `/a/b`.
    var bytes: [UInt8] = []
    /// End markers owed to navigation children; written only if a later segment follows.
    var pendingMarkers = 0
    var collectsBranch: Bool
    var branch: [BranchEntry] = []
    var wrappers: [WrapperCoordinatorInfo] = []
    var screenCount = 0

    init(collectsBranch: Bool, capacity: Int = 64) {
        self.collectsBranch = collectsBranch
        self.bytes.reserveCapacity(capacity)
    }

    mutating func append(_ segment: String) {
        while self.pendingMarkers > 0 {
            self.bytes.append(UInt8(ascii: "/"))
            self.bytes.append(UInt8(ascii: "~"))
            self.pendingMarkers -= 1
        }
        self.bytes.append(UInt8(ascii: "/"))
        self.bytes.append(contentsOf: segment.utf8)
    }

    mutating func mark(
        screen: any Screen, route: String, presentation: Presentation?, node: CoordinatorNode, index: Int
    ) {
        self.screenCount += 1
        guard self.collectsBranch, let owner = node.owner else { return }
        self.branch.append(
            BranchEntry(
                screen: screen, route: route, path: self.path, presentation: presentation,
                coordinator: owner, wrappers: self.wrappers, node: node, index: index))
    }

    var path: String { self.bytes.isEmpty ? "/" : String(decoding: self.bytes, as: UTF8.self) }
}

/// Walks the segments of a path while a tree plans how to reshape itself.
struct PathParser {
    let path: String
    let segments: [Substring]
    var index = 0
    var depth = 0
    let maxDepth: Int
    var commits: [() -> Void] = []
    /// The deepest coordinator that did not recognise the next segment, for error messages.
    var refusedBy: String?
    /// Whether a guard's redirect asked to keep the path for later.
    var resume = true

    var peek: Substring? {
        self.index < self.segments.count ? self.segments[self.index] : nil
    }

    var isAtEnd: Bool { self.index >= self.segments.count }

    mutating func advance() { self.index += 1 }

    mutating func addScreen() throws(NavigationError) {
        self.depth += 1
        if self.depth > self.maxDepth { throw .tooDeep(limit: self.maxDepth) }
    }
}
