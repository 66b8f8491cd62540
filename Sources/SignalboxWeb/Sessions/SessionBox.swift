import Signalbox
import Synchronization

/// One session's state and its lock. A request holding ``lock`` checks the state out, works
/// on it (awaiting freely), and checks it back in.
package final class SessionBox: Sendable {
    package let lock = AsyncLock()
    private let cell: SessionCell
    private let removed = Atomic<Bool>(false)

    package init(_ state: sending SessionState, saved: SavedSession? = nil) {
        self.cell = SessionCell(state, saved: saved)
    }

    /// Takes the state out (only the lock holder calls this).
    package func checkOut() -> SessionState? {
        self.cell.state.take()
    }

    /// Puts the state back (only the lock holder calls this).
    package func checkIn(_ state: SessionState) {
        self.cell.state = state
    }

    /// What a persistent store last wrote for this session (only the lock holder reads or
    /// writes it); `nil` in the memory store.
    package var saved: SavedSession? {
        get { self.cell.saved }
        set { self.cell.saved = newValue }
    }

    package var isRemoved: Bool { self.removed.load(ordering: .acquiring) }

    package func markRemoved() { self.removed.store(true, ordering: .releasing) }
}

/// The storage of one session's state.
///
/// `@unchecked Sendable` because the language has no checked way to keep a non-`Sendable` value
/// behind a lock whose holder may suspend: a `Mutex` cannot be held across an `await`, and an
/// actor lets a second request in at every `await`. It is safe because only the holder of the
/// box's `AsyncLock` reads or writes ``state`` (``SessionBox/checkOut()`` and
/// ``SessionBox/checkIn(_:)``), and the lock's hand-over orders those accesses.
private final class SessionCell: @unchecked Sendable {
    var state: SessionState?
    var saved: SavedSession?

    init(_ state: sending SessionState, saved: SavedSession?) {
        self.state = state
        self.saved = saved
    }
}

/// What a persistent store last wrote for a session, so it can tell whether a request changed
/// anything (and write nothing when it did not).
package struct SavedSession: Sendable {
    package var id: SessionID
    package var csrfToken: String
    package var snapshot: NavigationSnapshot
    /// The tree's ``NavigationTree/revision`` when `snapshot` was taken: while it is the same,
    /// the tree still has that snapshot.
    package var revision: UInt64
    /// The row's version, incremented by every write.
    package var version: Int64
    /// When the row's `lastSeenAt` was last written.
    package var touchedAt: SessionInstant
    /// Whether no request has come back to the session yet.
    package var isProvisional: Bool

    package init(
        id: SessionID,
        csrfToken: String,
        snapshot: NavigationSnapshot,
        revision: UInt64,
        version: Int64,
        touchedAt: SessionInstant,
        isProvisional: Bool
    ) {
        self.id = id
        self.csrfToken = csrfToken
        self.snapshot = snapshot
        self.revision = revision
        self.version = version
        self.touchedAt = touchedAt
        self.isProvisional = isProvisional
    }
}
