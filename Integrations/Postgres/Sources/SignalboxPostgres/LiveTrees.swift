import DequeModule
import Signalbox
import SignalboxWeb

/// The live trees one instance keeps, keyed by session and row version: a request that lands on
/// the instance that served the session's previous request skips the restore. A version that no
/// longer matches the row means another instance changed the session; the tree is then dropped.
///
/// A tree is *checked out* while a request uses it, so two requests never share one (a second
/// request of the same session on this instance restores its own copy; the database orders the
/// two). Bounded: past `capacity`, the least recently returned trees go.
struct LiveTrees {
    let capacity: Int
    private var entries: [SessionID: (entry: LiveTree, stamp: UInt64, seen: Int64)] = [:]
    /// Ids in the order they were returned; stale when the stamp no longer matches.
    private var order: Deque<(id: SessionID, stamp: UInt64)> = []
    private var nextStamp: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { self.entries.count }

    /// Takes the session's tree out, if this instance has one.
    mutating func checkOut(_ id: SessionID) -> LiveTree? {
        self.entries.removeValue(forKey: id)?.entry
    }

    /// When this instance last served `id` (milliseconds since the epoch), if it keeps its tree:
    /// exact, unlike the row's last-seen time, which moves with the coarse touch.
    func lastSeen(_ id: SessionID) -> Int64? {
        self.entries[id]?.seen
    }

    /// Puts a tree back after a request served at `seen` (as the most recently used).
    mutating func checkIn(_ id: SessionID, _ entry: LiveTree, seen: Int64) {
        guard self.capacity > 0 else { return }
        self.nextStamp &+= 1
        self.entries[id] = (entry, self.nextStamp, seen)
        self.order.append((id, self.nextStamp))
        while self.entries.count > self.capacity, let oldest = self.order.popFirst() {
            if self.entries[oldest.id]?.stamp == oldest.stamp { self.entries[oldest.id] = nil }
        }
        // Checked-out and replaced trees leave stale ids behind; drop them now and then.
        if self.order.count > 2 * self.capacity + 64 {
            self.order = Deque(self.order.filter { self.entries[$0.id]?.stamp == $0.stamp })
        }
    }

    mutating func remove(_ id: SessionID) {
        self.entries[id] = nil
    }
}

/// A session's live tree and what the row holds of it at ``version``.
///
/// `@unchecked Sendable` because a tree (a graph of coordinators, not `Sendable`) has to move
/// from the request that used it to the next request of its session, on another task; the
/// language has no checked way to hand a non-`Sendable` graph over through a cache. It is safe
/// because one request at a time holds it: ``LiveTrees/checkOut(_:)`` removes it from the cache
/// under the store's `Mutex` before a request touches the tree, and only a request that owns it
/// puts it back (``LiveTrees/checkIn(_:_:seen:)``), after its last use; the `Mutex` orders the two.
final class LiveTree: @unchecked Sendable {
    let tree: NavigationTree
    let version: Int64
    /// The snapshot the row holds at `version`.
    let snapshot: NavigationSnapshot
    /// The tree's revision when `snapshot` was taken.
    let revision: UInt64

    init(tree: NavigationTree, version: Int64, snapshot: NavigationSnapshot, revision: UInt64) {
        self.tree = tree
        self.version = version
        self.snapshot = snapshot
        self.revision = revision
    }
}
