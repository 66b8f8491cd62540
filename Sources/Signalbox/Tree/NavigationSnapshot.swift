/// The whole tree as data: coordinator types, active roots and tabs, every stack with its
/// presentations and inputs, and each built tab's own stack.
///
/// Snapshots are `Codable` and `Equatable`; ``NavigationTree/restore(_:)`` rebuilds an equal
/// tree through the route factories. Session stores persist them; JSON clients see them.
public struct NavigationSnapshot: Codable, Equatable, Sendable {
    public var root: CoordinatorSnapshot
    public var pendingPath: String?
    /// The form submissions applied lately (absent from the JSON when there are none).
    public var submissions: [AnsweredSubmission]
    /// The notices waiting for the next page (absent from the JSON when there are none).
    public var notices: [Notice]
    /// The drafts of screens' forms (absent from the JSON when there are none).
    public var drafts: [Draft]

    public init(
        root: CoordinatorSnapshot,
        pendingPath: String? = nil,
        submissions: [AnsweredSubmission] = [],
        notices: [Notice] = [],
        drafts: [Draft] = []
    ) {
        self.root = root
        self.pendingPath = pendingPath
        self.submissions = submissions
        self.notices = notices
        self.drafts = drafts
    }

    private enum CodingKeys: String, CodingKey {
        case root, pendingPath, submissions, notices, drafts
    }

    /// Reads snapshots saved before submissions were kept, too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.root = try container.decode(CoordinatorSnapshot.self, forKey: .root)
        self.pendingPath = try container.decodeIfPresent(String.self, forKey: .pendingPath)
        self.submissions = try container.decodeIfPresent([AnsweredSubmission].self, forKey: .submissions) ?? []
        self.notices = try container.decodeIfPresent([Notice].self, forKey: .notices) ?? []
        self.drafts = try container.decodeIfPresent([Draft].self, forKey: .drafts) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.root, forKey: .root)
        try container.encodeIfPresent(self.pendingPath, forKey: .pendingPath)
        if !self.submissions.isEmpty { try container.encode(self.submissions, forKey: .submissions) }
        if !self.notices.isEmpty { try container.encode(self.notices, forKey: .notices) }
        if !self.drafts.isEmpty { try container.encode(self.drafts, forKey: .drafts) }
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

    public init(
        route: String,
        presentation: Presentation? = nil,
        input: String? = nil,
        child: CoordinatorSnapshot? = nil
    ) {
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
        NavigationSnapshot(
            root: try self.rootNode.snapshot(),
            pendingPath: self.pendingPath,
            submissions: self.answeredSubmissions,
            notices: self.notices,
            drafts: self.drafts
        )
    }

    /// Rebuilds the tree from a snapshot, through the route factories, so that `snapshot()`
    /// afterwards equals `snapshot`. The snapshot is checked against the tree's types and its
    /// inputs decoded first: on error the tree is untouched. The current state is dropped
    /// (result handlers receive `.cancelled`).
    public func restore(_ snapshot: NavigationSnapshot) async throws {
        var plan = RestorePlan()
        try plan.restore(self.rootNode, from: snapshot.root)
        var hooks = HookQueue()
        for commit in plan.commits { commit(&hooks) }
        self.pendingPath = snapshot.pendingPath
        self.answeredSubmissions = Array(snapshot.submissions.suffix(Self.answeredSubmissionLimit))
        self.notices = Array(snapshot.notices.suffix(Self.noticeLimit))
        self.drafts = Array(snapshot.drafts.suffix(Self.draftLimit))
        try await hooks.run()
    }
}
