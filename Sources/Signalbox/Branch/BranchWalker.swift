/// The one walk of a tree's active branch: from the root coordinator down the active root,
/// stack entries, active tabs and wrapped children, in the order the canonical path spells them.
///
/// Each node kind walks its own part (``CoordinatorNode/walk(_:entered:)``); the walker
/// accumulates what was asked for: the screen count and top node always, the path bytes for
/// ``Detail/path`` and up, the screens and tab bars for ``Detail/full``. ``NavigationTree/path``,
/// ``NavigationTree/depth``, ``NavigationTree/activeBranch`` and the tab bars all come from here.
struct BranchWalker {
    enum Detail: Comparable {
        /// Screens and the top node only (depth checks).
        case count
        /// Also the canonical path.
        case path
        /// Also every screen with its path, and where each tab bar is: its tabs (every inactive
        /// tab's path walked) are made only if the page is shown (``ActiveBranch/tabBarsWithBadges()``),
        /// not for a revalidation answered `304`.
        case page
        /// Also every screen with its path, and the tab bars.
        case full
    }

    let detail: Detail
    /// The UTF-8 of the path so far, without the lone `/` of the empty path: empty or `/a/b`.
    private(set) var bytes: [UInt8] = []
    /// End markers owed to stack children; written only if a later segment follows.
    private var pendingMarkers = 0
    private(set) var screens: [BranchEntry] = []
    private(set) var tabBars: [TabBar] = []
    /// The tab coordinators of ``tabBars``, in the same order (their badges load later).
    private(set) var tabNodes: [TabsNode] = []
    /// With ``Detail/page``, the tab bars to make later, outermost first.
    private(set) var deferredTabBars: [DeferredTabBar] = []
    /// Wrappers around the node being walked, outermost first.
    var wrappers: [WrapperCoordinatorInfo] = []
    private(set) var screenCount = 0
    /// The deepest coordinator reached so far.
    var top: CoordinatorNode?
    /// A node whose path prefix the walk looks for (``NavigationTree/pathPrefix(of:)``), and
    /// the prefix once the walk reached it.
    var sought: CoordinatorNode?
    var foundPrefix: String?

    init(detail: Detail, capacity: Int = 64) {
        self.detail = detail
        if detail >= .path { self.bytes.reserveCapacity(capacity) }
    }

    var path: String { self.bytes.isEmpty ? "/" : String(decoding: self.bytes, as: UTF8.self) }

    /// The path so far without the lone `/` of the empty path: `""` or `/a/b`.
    var prefix: String { String(decoding: self.bytes, as: UTF8.self) }

    mutating func append(_ segment: String) {
        guard self.detail >= .path else { return }
        while self.pendingMarkers > 0 {
            self.bytes.append(UInt8(ascii: "/"))
            self.bytes.append(UInt8(ascii: "~"))
            self.pendingMarkers -= 1
        }
        self.bytes.append(UInt8(ascii: "/"))
        self.bytes.append(contentsOf: segment.utf8)
    }

    /// A stack child's segments ended; its parent's next segment must close it first.
    mutating func owesEndMarker() {
        self.pendingMarkers += 1
    }

    /// A screen on the active branch.
    mutating func visit(
        _ screen: any Screen,
        route: String,
        presentation: Presentation?,
        node: CoordinatorNode,
        position: StackPosition?
    ) {
        self.screenCount += 1
        guard self.detail >= .page, let owner = node.owner else { return }
        self.screens.append(
            BranchEntry(
                screen: screen,
                route: route,
                path: self.path,
                presentation: presentation,
                coordinator: owner,
                wrappers: self.wrappers,
                node: node,
                position: position
            )
        )
    }

    /// A walker that continues this one's path only (for the paths of inactive tabs), with room
    /// for a few more segments.
    func pathOnly() -> BranchWalker {
        var walker = BranchWalker(detail: .path, capacity: 0)
        walker.bytes = self.bytes
        walker.bytes.reserveCapacity(self.bytes.count + 64)
        walker.pendingMarkers = self.pendingMarkers
        return walker
    }

    /// Where the path ends now, to come back to with ``rewind(to:)``.
    struct Mark {
        fileprivate let count: Int
        fileprivate let pendingMarkers: Int
    }

    var mark: Mark { Mark(count: self.bytes.count, pendingMarkers: self.pendingMarkers) }

    /// Forgets the path walked since `mark` (a path-only walker, reused for each inactive tab).
    mutating func rewind(to mark: Mark) {
        self.bytes.removeSubrange(mark.count...)
        self.pendingMarkers = mark.pendingMarkers
    }

    /// A tab coordinator is reached: with full detail, its bar is recorded (outermost first)
    /// with the inactive tabs' paths; the active tab's path is known at ``endTabBar(_:activeTab:)``.
    /// With page detail, only where it is (see ``DeferredTabBar``).
    mutating func beginTabBar(of node: TabsNode) -> Int? {
        switch self.detail {
        case .full:
            var scratch = self.pathOnly()
            self.tabBars.append(Self.tabBar(of: node, walkingFrom: &scratch))
            self.tabNodes.append(node)
            return self.tabBars.count - 1
        case .page:
            self.deferredTabBars.append(DeferredTabBar(node: node, start: self.mark, end: 0))
            self.tabNodes.append(node)
            return self.deferredTabBars.count - 1
        case .count, .path:
            return nil
        }
    }

    mutating func endTabBar(_ bar: Int?, activeTab: Int) {
        guard let bar else { return }
        if self.detail == .page {
            self.deferredTabBars[bar].end = self.bytes.count
        } else {
            self.tabBars[bar].tabs[activeTab].path = self.path
        }
    }

    /// A tab bar's tabs; each inactive tab's path is walked on `scratch` (a path-only walker at
    /// the tab coordinator, reused: one buffer for every tab) and then forgotten.
    private static func tabBar(of node: TabsNode, walkingFrom scratch: inout BranchWalker) -> TabBar {
        let here = scratch.mark
        var tabs: [TabBar.Tab] = []
        tabs.reserveCapacity(node.tabs.count)
        for position in node.tabs.indices {
            let route = node.table.routes[node.tabs[position].route]
            var path = ""
            if position != node.activeTab {
                path = node.path(ofTab: position, using: &scratch)
                scratch.rewind(to: here)
            }
            tabs.append(
                TabBar.Tab(
                    name: node.name(ofTab: position),
                    title: route.tabItem?.title ?? route.name,
                    icon: route.tabItem?.icon,
                    path: path,
                    isActive: position == node.activeTab
                )
            )
        }
        return TabBar(coordinator: node.displayName, tabs: tabs)
    }

    /// A tab bar a page walk passed: its node, and the walk's path where the bar began and
    /// where its active tab's part ended (byte counts into the branch's final path, of which
    /// both are prefixes).
    struct DeferredTabBar {
        let node: TabsNode
        let start: Mark
        var end: Int
    }

    /// The tab bars of a page walk, made now from the branch's final `path` (while the tree is
    /// as the walk left it: inside the same request).
    static func tabBars(_ deferred: [DeferredTabBar], path: String) -> [TabBar] {
        guard !deferred.isEmpty else { return [] }
        // The walk's bytes are the path's UTF-8 (`/` stands for none).
        let bytes = path == "/" ? Substring().utf8 : Substring(path).utf8
        return deferred.map { bar in
            var scratch = BranchWalker(detail: .path, capacity: bar.start.count + 64)
            scratch.bytes.append(contentsOf: bytes.prefix(bar.start.count))
            scratch.pendingMarkers = bar.start.pendingMarkers
            var made = Self.tabBar(of: bar.node, walkingFrom: &scratch)
            made.tabs[bar.node.activeTab].path = bar.end == 0 ? "/" : String(Substring(bytes.prefix(bar.end)))
            return made
        }
    }
}
