import Metrics
import Synchronization

/// What a ``PostgresSessionStore`` did, counted since it started: for tests and benchmarks (read
/// ``values``) and for monitoring (each is also a swift-metrics counter, exported by whatever
/// metrics backend the process bootstraps, such as Prometheus).
public final class SessionStoreCounters: Sendable {
    /// The counts at one moment.
    public struct Values: Sendable, Equatable {
        /// Statements sent to the database (each is one round trip).
        public var roundTrips: Int
        /// Statements that failed (the database unreachable, restarting, refusing).
        public var databaseErrors: Int
        /// Requests that found their session's live tree in this instance at the row's version.
        public var treeCacheHits: Int
        /// Requests that restored their session's tree from its snapshot.
        public var treeCacheMisses: Int
        /// Optimistic requests run again because another request changed the session first.
        public var conflicts: Int
    }

    private let database: DatabaseCounters
    private let treeCacheHits = Atomic<Int>(0)
    private let treeCacheMisses = Atomic<Int>(0)
    private let conflicts = Atomic<Int>(0)

    private let hitCounter = Counter(label: "signalbox_session_tree_cache_total", dimensions: [("result", "hit")])
    private let missCounter = Counter(label: "signalbox_session_tree_cache_total", dimensions: [("result", "miss")])
    private let conflictCounter = Counter(label: "signalbox_session_conflicts_total")

    init(database: DatabaseCounters) {
        self.database = database
    }

    /// The counts now.
    public var values: Values {
        Values(
            roundTrips: self.database.roundTrips,
            databaseErrors: self.database.failures,
            treeCacheHits: self.treeCacheHits.load(ordering: .relaxed),
            treeCacheMisses: self.treeCacheMisses.load(ordering: .relaxed),
            conflicts: self.conflicts.load(ordering: .relaxed)
        )
    }

    func treeCache(hit: Bool) {
        if hit {
            self.treeCacheHits.add(1, ordering: .relaxed)
            self.hitCounter.increment()
        } else {
            self.treeCacheMisses.add(1, ordering: .relaxed)
            self.missCounter.increment()
        }
    }

    func conflict() {
        self.conflicts.add(1, ordering: .relaxed)
        self.conflictCounter.increment()
    }
}

/// Statements one store sent to PostgreSQL and how many failed, since it started; also the
/// `signalbox_database_round_trips_total{store}` and `signalbox_database_errors_total{store}`
/// metrics.
public final class DatabaseCounters: Sendable {
    private let sent = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)
    private let sentCounter: Counter
    private let failedCounter: Counter

    init(store: String) {
        self.sentCounter = Counter(label: "signalbox_database_round_trips_total", dimensions: [("store", store)])
        self.failedCounter = Counter(label: "signalbox_database_errors_total", dimensions: [("store", store)])
    }

    /// Statements sent (each one round trip).
    public var roundTrips: Int { self.sent.load(ordering: .relaxed) }
    /// Statements, and waits for a connection, that failed.
    public var failures: Int { self.failed.load(ordering: .relaxed) }

    func roundTrip() {
        self.sent.add(1, ordering: .relaxed)
        self.sentCounter.increment()
    }

    func failure() {
        self.failed.add(1, ordering: .relaxed)
        self.failedCounter.increment()
    }
}
