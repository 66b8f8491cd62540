/// One coordinator tree: the navigation state of one user session.
///
/// The tree owns its root coordinator and answers what its canonical path is, how it looks for
/// a path (``apply(path:)``), what is on the active branch, and what its snapshot is. Queries
/// are synchronous; changes are `async` because they ask guards and run result handlers, which
/// may await. A tree is not thread-safe: a host runs one request of a session at a time.
///
/// ```swift
/// let tree = NavigationTree(root: MainCoordinator(store: store))
/// try await tree.apply(path: "/authenticated/todos/todo/3")
/// tree.path                                   // "/authenticated/todos/todo/3"
/// ```
public final class NavigationTree {
    /// Limits for a tree.
    public struct Configuration: Sendable {
        /// The most screens the active branch may hold (paths deeper than this are refused).
        public var maxDepth: Int

        public init(maxDepth: Int = 64) {
            self.maxDepth = maxDepth
        }
    }

    /// The root coordinator.
    public let root: any Coordinatable
    let rootNode: CoordinatorNode
    public let configuration: Configuration
    /// A path a guard redirected away from, kept so the app can continue there later
    /// (e.g. after login). See ``takePendingPath()``.
    public var pendingPath: String? {
        didSet { self.noteChange() }
    }
    /// The form submissions applied lately, oldest first (see ``AnsweredSubmission``).
    public internal(set) var answeredSubmissions: [AnsweredSubmission] = [] {
        didSet { self.noteChange() }
    }
    /// The notices waiting for the next page shown (see ``Notice``).
    public internal(set) var notices: [Notice] = [] {
        didSet { self.noteChange() }
    }
    /// What the user typed into screens' forms and has not sent, least recently saved first
    /// (see ``Draft``).
    public internal(set) var drafts: [Draft] = [] {
        didSet { self.noteChange() }
    }
    /// The entry popped last, until a page takes it (``takeReturn(to:)``); not part of a
    /// snapshot: it matters to the next page only.
    var departure: Departure?
    /// Counts the changes to what a snapshot holds (stacks, roots, tabs, the pending path, the
    /// answered submissions, the notices, the drafts): while
    /// it stays the same, ``snapshot()`` does too, so a session store can skip snapshotting a
    /// tree that a request did not change. It may also move without a visible change.
    public private(set) var revision: UInt64 = 0

    public init(root: any Coordinatable, configuration: Configuration = Configuration()) {
        self.root = root
        self.configuration = configuration
        self.rootNode = root.node
        self.rootNode.treeStorage = self
    }

    /// Records a change to what a snapshot holds.
    func noteChange() {
        self.revision &+= 1
    }

    /// The root coordinator as its concrete type.
    public func root<C: Coordinatable>(as type: C.Type) -> C? {
        self.root as? C
    }

    /// Returns and clears ``pendingPath``.
    public func takePendingPath() -> String? {
        defer { self.pendingPath = nil }
        return self.pendingPath
    }

    /// Continues to the page a guard sent the user away from (``pendingPath``), typically right
    /// after login; the pending path is used once.
    ///
    /// ```swift
    /// func logIn(_ user: User) async throws {
    ///     try await self.root(\.authenticated, user)
    ///     await self.tree?.resumePendingPath()   // the deep link the user followed while signed out
    /// }
    /// ```
    ///
    /// - Returns: Whether the tree is now at that page. `false` when nothing was pending, or
    ///   when the path leads nowhere any more (a deleted item, say), is refused or redirected by
    ///   a guard: the tree then stays where it was before the call.
    @discardableResult
    public func resumePendingPath() async -> Bool {
        guard let path = self.takePendingPath() else { return false }
        // A path that fails or redirects changes nothing (apply plans before it commits).
        let outcome = try? await self.apply(path: path)
        self.pendingPath = nil
        if case .applied? = outcome { return true }
        return false
    }

    // MARK: The active branch

    /// The canonical path of the active branch, e.g. `/authenticated/todos/todo/3/pickProject`.
    public var path: String {
        self.activeBranch(.path).path
    }

    /// One walk of the active branch: its path, its screens (each with its own path) and its
    /// tab bars. Take it once and read everything from it.
    public var activeBranch: ActiveBranch {
        self.activeBranch(.full)
    }

    /// How many screens the active branch holds.
    public var depth: Int {
        self.walk(.count).screenCount
    }

    func activeBranch(_ detail: BranchWalker.Detail, capacity: Int = 64) -> ActiveBranch {
        ActiveBranch(self.walk(detail, capacity: capacity), root: self.rootNode)
    }

    /// The path up to `node` (`""` for the root), when it is on the active branch.
    func pathPrefix(of node: CoordinatorNode) -> String? {
        var walker = BranchWalker(detail: .path)
        walker.sought = node
        _ = self.rootNode.walkCustomized(&walker, entered: .none)
        return walker.foundPrefix
    }

    private func walk(_ detail: BranchWalker.Detail, capacity: Int = 64) -> BranchWalker {
        var walker = BranchWalker(detail: detail, capacity: capacity)
        _ = self.rootNode.walkCustomized(&walker, entered: .none)
        return walker
    }

    // MARK: Reshaping

    /// Reshapes the tree to `path`.
    ///
    /// Instances on the common prefix are kept (their state survives); entries that diverge are
    /// popped (results `.cancelled`, onDismiss callbacks run); the rest is built through the
    /// route factories, switching tabs and roots as needed. The path is planned and every guard
    /// asked before anything changes: when a guard refuses or redirects, or anything throws
    /// while planning, the tree is untouched.
    ///
    /// A trailing slash is ignored.
    ///
    /// - Returns: ``PathOutcome/applied(path:)`` with the resulting canonical path, or
    ///   ``PathOutcome/redirected(to:resumes:)`` when a guard sent the navigation elsewhere (then
    ///   ``pendingPath`` holds `path` when the guard asked to resume).
    /// - Throws: ``NavigationError`` — unknown route, bad input, too deep, a guard's refusal —
    ///   or what a guard or a result handler threw.
    @discardableResult
    public func apply(path: String) async throws -> PathOutcome {
        try await self.apply(path: path, walking: .path).outcome
    }

    /// ``apply(path:)``, also answering the active branch it ends on when it applied (one walk
    /// for the canonical path and the page a host shows next).
    package func applyForPage(path: String) async throws -> (outcome: PathOutcome, branch: ActiveBranch?) {
        try await self.apply(path: path, walking: .page)
    }

    private func apply(
        path: String,
        walking detail: BranchWalker.Detail
    ) async throws -> (outcome: PathOutcome, branch: ActiveBranch?) {
        var path = path
        if path.utf8.count > 1 && path.utf8.last == UInt8(ascii: "/") { path.removeLast() }
        let segments = try PathCodec.split(path)
        let limit = self.configuration.maxDepth
        if segments.count > limit * 3 + 4 { throw NavigationError.tooDeep(limit: limit) }
        var parser = PathParser(path: path, segments: segments, maxDepth: limit)
        do {
            try await self.rootNode.plan(&parser)
        } catch let redirect as PathRedirect {
            if redirect.resume { self.pendingPath = path }
            return (.redirected(to: redirect.target, resumes: redirect.resume), nil)
        }
        if let segment = parser.peek {
            throw NavigationError.unknownRoute(
                segment: String(segment.prefix(128)),
                coordinator: parser.refusedBy ?? self.rootNode.displayName,
                path: path
            )
        }
        var hooks = HookQueue()
        for commit in parser.commits { commit(&hooks) }
        try await hooks.run()
        let branch = self.activeBranch(detail, capacity: path.utf8.count + 16)
        return (.applied(path: branch.path), detail >= .page ? branch : nil)
    }
}

/// What ``NavigationTree/apply(path:)`` did.
public enum PathOutcome: Sendable, Equatable {
    /// The tree shows the path; `path` is its canonical spelling.
    case applied(path: String)
    /// A guard sent the navigation to `target` and nothing changed. `resumes` tells whether the
    /// tree kept the requested path as its ``NavigationTree/pendingPath``.
    case redirected(to: String, resumes: Bool)
}

extension NavigationTree {
    /// The screens of the active branch, outermost first (``activeBranch``'s screens).
    public var branch: [BranchEntry] { self.activeBranch.screens }

    /// The tab bars on the active branch, outermost first.
    package var tabBars: [TabBar] { self.activeBranch.tabBars }

    /// The deepest active coordinator.
    package var topCoordinator: any Coordinatable { self.activeBranch(.count).top.owner ?? self.root }

    /// The path after popping the top entry, or `nil` when nothing can be popped.
    package var pathAfterPop: String? { self.activeBranch.pathAfterPop }

    /// The top-most modal or full-screen presentation on the active branch: the route that
    /// presented it, its style and where closing it leads.
    package var presentation: (route: String, style: Presentation, closePath: String?)? {
        let branch = self.branch
        guard let index = branch.lastIndex(where: { $0.presentation?.isPresentation == true }),
            let style = branch[index].presentation
        else { return nil }
        let close = index > 0 && style.isDismissible ? branch[index - 1].path : nil
        return (branch[index].route, style, close)
    }

    /// The titles of the active branch's screens, outermost first (each screen loads its own).
    public func titles() async throws -> [String] {
        var titles: [String] = []
        for entry in self.branch { titles.append(try await entry.title) }
        return titles
    }
}
