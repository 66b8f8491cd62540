public import Signalbox

/// Everything the server keeps for one browser session: its id, its CSRF token, its timestamps
/// and its live coordinator tree.
///
/// The tree is a live object graph and not `Sendable`; a ``SessionStore`` hands the state to one
/// request at a time inside ``SessionStore/withSession(id:now:makeTree:_:)``. Persistent stores keep
/// ``/Signalbox/NavigationTree/snapshot()`` instead of the tree and rebuild it with
/// ``/Signalbox/NavigationTree/restore(_:)`` (see ``SessionStore``).
public struct SessionState {
    /// The session's id. Assigning a new id inside ``SessionStore/withSession(id:now:makeTree:_:)``
    /// rotates it: the store moves the session to the new id and forgets the old one.
    public var id: SessionID
    /// The synchroniser token every POST must carry (128 random bits, hex).
    public var csrfToken: String
    /// When the session was created (absolute expiry counts from here).
    public var createdAt: SessionInstant
    /// When the session last served a request (idle expiry counts from here).
    public var lastSeenAt: SessionInstant
    /// Whether the app marked the session worth keeping (``SessionControl/establish()``, at
    /// login): at their cap, stores evict sessions that are not established first.
    public var isEstablished: Bool
    /// The session's navigation state.
    public let tree: NavigationTree
    /// The hash of the tree's snapshot at a revision (see ``PageValidator``): while the tree's
    /// ``NavigationTree/revision`` stays the same, so does its snapshot, so it is not taken again.
    var treeDigest: (revision: UInt64, digest: StableHasher.Digest)?

    /// A session with the given parts (persistent stores rebuild sessions with this).
    public init(
        id: SessionID,
        csrfToken: String,
        createdAt: SessionInstant,
        lastSeenAt: SessionInstant,
        isEstablished: Bool = false,
        tree: NavigationTree
    ) {
        self.id = id
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.isEstablished = isEstablished
        self.tree = tree
    }

    /// A new session around `tree` with a fresh id and CSRF token.
    public static func new(tree: NavigationTree, now: SessionInstant) -> SessionState {
        SessionState(id: .random(), csrfToken: Self.makeCSRFToken(), createdAt: now, lastSeenAt: now, tree: tree)
    }

    /// A fresh CSRF token (128 bits from the system CSPRNG).
    package static func makeCSRFToken() -> String {
        RandomToken.hex(byteCount: 16)
    }

    /// Gives the session a new id and a new CSRF token (after login, say). Inside
    /// ``SessionStore/withSession(id:now:makeTree:_:)`` the store re-keys the session.
    public mutating func rotate() {
        self.id = .random()
        self.csrfToken = Self.makeCSRFToken()
    }
}
