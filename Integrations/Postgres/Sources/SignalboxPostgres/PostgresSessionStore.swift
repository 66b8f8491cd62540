public import Logging
public import PostgresNIO
@_spi(SessionStores) public import SignalboxWeb
import Synchronization

/// Sessions in PostgreSQL, shared by every instance of an app behind a load balancer: any
/// instance serves any request, no sticky sessions.
///
/// ```swift
/// let client = PostgresClient(configuration: configuration)   // its own client: see below
/// let sessions = PostgresSessionStore(client: client, logger: logger)
/// // with client.run() running in a task:
/// try await sessions.migrate()
/// let app = WebApp(renderer: renderer, sessions: sessions, logger: logger) { makeTree() }
/// ```
///
/// One row per session (id, CSRF token, created and last-seen times, a version, the tree as its
/// ``Signalbox/NavigationSnapshot``). How one session's requests are serialised across instances
/// depends on what a request may do (``SessionAccess``):
///
/// - A page `GET` (``SessionAccess/retryable``) reads the row, runs, and writes only if it changed
///   the session, on the condition that the row is still at the version it read. When another
///   request changed the session first, it runs again on the new state (after
///   ``Configuration/optimisticAttempts`` tries, under the lock below). A request that changes
///   nothing makes one round trip.
/// - A `POST` (``SessionAccess/exclusive``), which may have changed the app's data, is never run
///   twice: it locks the row (`SELECT … FOR UPDATE` in a transaction) for as long as it runs, so
///   other requests of the session wait. An instance killed while holding the lock loses its
///   connection, and PostgreSQL releases the lock at once.
///
/// Each instance keeps the live trees of recent sessions keyed by `(session, version)`: a request
/// that lands where the previous one ran skips the restore, and a version that moved means another
/// instance changed the session. Expiry is checked on every read and swept (idempotently, by any
/// instance) as sessions are created; rotation replaces the row in one statement.
///
/// A request holding the lock holds one of the client's connections while its handlers run; give
/// the store a client of its own, not the one the app's data uses, so that those handlers always
/// find a connection for their own queries.
///
/// When the database cannot be reached the request answers 503 with `Retry-After` and nothing of
/// its change to the session is kept; the store recovers by itself when the database is back.
public final class PostgresSessionStore: SessionStore {
    /// Expiry, capacity and what stays in memory.
    public struct Configuration: Sendable {
        /// A session unused for this long is gone (default 30 minutes).
        public var idleTimeout: Duration
        /// A session older than this is gone however busy (default 8 hours).
        public var absoluteTimeout: Duration
        /// The most sessions kept (rows, an estimate between sweeps); past it, sessions no request
        /// came back to go first, then the least recently used (default 1 000 000).
        public var maxSessions: Int
        /// The most live trees this instance keeps in memory (default 10 000).
        public var liveTrees: Int
        /// How often an unchanged session's last-seen time is written (default 60 seconds).
        public var touchInterval: Duration
        /// The largest snapshot saved or restored (default 256 KiB).
        public var maxSnapshotBytes: Int
        /// How many times a page request runs optimistically before it takes the lock (default 2).
        public var optimisticAttempts: Int
        /// How often an instance sweeps expired sessions as it creates new ones (default 60 s).
        public var sweepInterval: Duration
        /// The longest a request waits for a database connection before it answers 503 (default
        /// 2 seconds): while the database is down, requests fail promptly instead of queueing.
        public var connectionWait: Duration
        /// The longest a request waits for one statement, a wait for the session's lock included,
        /// before it answers 503 (default 5 seconds).
        public var statementWait: Duration

        public init(
            idleTimeout: Duration = .seconds(30 * 60),
            absoluteTimeout: Duration = .seconds(8 * 3600),
            maxSessions: Int = 1_000_000,
            liveTrees: Int = 10_000,
            touchInterval: Duration = .seconds(60),
            maxSnapshotBytes: Int = 256 * 1024,
            optimisticAttempts: Int = 2,
            sweepInterval: Duration = .seconds(60),
            connectionWait: Duration = .seconds(2),
            statementWait: Duration = .seconds(5)
        ) {
            self.idleTimeout = idleTimeout
            self.absoluteTimeout = absoluteTimeout
            self.maxSessions = maxSessions
            self.liveTrees = liveTrees
            self.touchInterval = touchInterval
            self.maxSnapshotBytes = maxSnapshotBytes
            self.optimisticAttempts = optimisticAttempts
            self.sweepInterval = sweepInterval
            self.connectionWait = connectionWait
            self.statementWait = statementWait
        }

        /// How often an unchanged session's last-seen time is written: ``touchInterval``, but at
        /// least four times per idle timeout, so that a session in use never expires (the stored
        /// time lags the last use by less than this).
        var effectiveTouchInterval: Duration {
            min(self.touchInterval, self.idleTimeout / 4)
        }
    }

    /// Expiry, capacity and what stays in memory.
    public let configuration: Configuration
    /// Round trips, database errors, tree-cache hits and conflicts so far.
    public let counters: SessionStoreCounters
    let table: SessionTable
    let live: Mutex<LiveTrees>
    private let bookkeeping = Mutex(Bookkeeping())
    let logger: Logger

    private struct Bookkeeping {
        /// The row count at the last sweep, plus this instance's inserts since.
        var estimatedRows = 0
        var lastSweep: SessionInstant?
    }

    /// A store on `client`, which the caller runs (`client.run()`); call ``migrate()`` once before
    /// serving.
    public init(client: PostgresClient, configuration: Configuration = Configuration(), logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        let database = PostgresDatabase(
            client: client,
            store: "sessions",
            connectionWait: configuration.connectionWait,
            statementWait: configuration.statementWait,
            logger: logger
        )
        self.table = SessionTable(database: database)
        self.counters = SessionStoreCounters(database: database.counters)
        self.live = Mutex(LiveTrees(capacity: configuration.liveTrees))
    }

    /// Creates the `signalbox_session` table if it is missing (instances starting together take
    /// turns).
    ///
    /// - Throws: ``PostgresStoreError/cannotMigrate(reason:)`` with the database's reason.
    public func migrate() async throws(PostgresStoreError) {
        do {
            try await self.table.migrate()
        } catch {
            throw .cannotMigrate(reason: PostgresFailure.reason(error))
        }
    }

    /// Whether the database answers now (one round trip), for a readiness probe.
    ///
    /// - Throws: ``PostgresStoreError/unavailable(reason:)`` when it does not.
    public func checkReadiness() async throws(PostgresStoreError) {
        do {
            try await self.table.ping()
        } catch {
            throw .unavailable(error)
        }
    }

    public func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        try await self.withSession(id: id, now: now, access: .exclusive, makeTree: makeTree, body)
    }

    public func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        access: SessionAccess,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        if access == .retryable {
            for _ in 0..<self.configuration.optimisticAttempts {
                let attempt = try await self.attempt(id, now: now, on: .pool, makeTree: makeTree, body)
                if case .conflict = attempt {
                    self.counters.conflict()
                    continue
                }
                return try self.conclude(attempt, now: now)
            }
        }
        return try await self.locked(id, now: now, makeTree: makeTree, body)
    }

    /// Runs `body` with the session's row locked until its change is committed.
    private func locked<Result: Sendable>(
        _ id: SessionID,
        now: SessionInstant,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        let entered = Atomic<Bool>(false)
        let outcome: Attempt<Result>
        do {
            outcome = try await self.table.database.withConnection { connection in
                entered.store(true, ordering: .relaxed)
                let executor = SessionTable.Executor.connection(connection)
                try await self.database(id, "session not locked") { try await self.table.run("BEGIN", on: executor) }
                do {
                    let attempt = try await self.attempt(id, now: now, on: executor, makeTree: makeTree, body)
                    do {
                        try await self.database(id, "session change not committed") {
                            try await self.table.run("COMMIT", on: executor)
                        }
                    } catch PostgresStoreError.unavailable(let reason) {
                        throw PostgresStoreError.pageNotSaved(reason: reason)
                    }
                    return attempt
                } catch {
                    _ = try? await self.table.run("ROLLBACK", on: executor)
                    throw error
                }
            }
        } catch  where !entered.load(ordering: .relaxed) {
            // No connection to be had: the database is down or restarting.
            throw self.unavailable(error, id, "no connection for the session")
        }
        return try self.conclude(outcome, now: now)
    }

    /// The body's result of a finished attempt (its tree kept for the session's next request:
    /// called once the change is committed), or `nil` when the session is gone.
    private func conclude<Result>(_ attempt: Attempt<Result>, now: SessionInstant) throws -> Result? {
        guard case .finished(let value, let keep) = attempt else { return nil }
        if let keep { self.live.withLock { $0.checkIn(keep.id, keep.entry, seen: now.milliseconds) } }
        return try value.get()
    }

    public func insert(_ state: sending SessionState) async throws {
        let snapshot = try state.tree.snapshot()
        let text = snapshot.jsonText
        try self.checkSize(text)
        let now = state.lastSeenAt
        try await self.sweepIfDue(now: now)
        try await self.makeRoom()
        let id = state.id
        try await self.database(id, "session not created") {
            try await self.table.insert(
                id: id.rawValue,
                csrfToken: state.csrfToken,
                createdAt: state.createdAt.milliseconds,
                lastSeenAt: now.milliseconds,
                isProvisional: !state.isEstablished,
                snapshot: text
            )
        }
        self.bookkeeping.withLock { $0.estimatedRows += 1 }
        let entry = LiveTree(tree: state.tree, version: 1, snapshot: snapshot, revision: state.tree.revision)
        self.live.withLock { $0.checkIn(id, entry, seen: now.milliseconds) }
    }

    public func remove(id: SessionID) async throws {
        self.live.withLock { $0.remove(id) }
        try await self.database(id, "session not removed") { try await self.table.delete(id: id.rawValue) }
    }

    @discardableResult
    public func sweep(now: SessionInstant) async throws -> Int {
        self.bookkeeping.withLock { $0.lastSweep = now }
        do {
            let swept = try await self.table.deleteExpired(
                idleBefore: (now + (Duration.zero - self.configuration.idleTimeout)).milliseconds + 1,
                createdBefore: (now + (Duration.zero - self.configuration.absoluteTimeout)).milliseconds + 1
            )
            // PostgreSQL's estimate, not a scan: the cap's check counts exactly when it comes near.
            let rows = try await self.table.estimatedCount()
            self.bookkeeping.withLock { $0.estimatedRows = rows }
            return swept
        } catch {
            self.logger.error("sessions not swept", metadata: ["error": "\(PostgresFailure.reason(error))"])
            throw PostgresStoreError.unavailable(error)
        }
    }

    /// The sessions stored (every instance's; one scan of the table).
    public var count: Int {
        get async throws {
            do {
                return try await self.table.count()
            } catch {
                throw PostgresStoreError.unavailable(error)
            }
        }
    }

    /// The live trees this instance holds in memory.
    public var liveTreeCount: Int { self.live.withLock { $0.count } }

    private func sweepIfDue(now: SessionInstant) async throws {
        let due = self.bookkeeping.withLock { bookkeeping in
            bookkeeping.lastSweep.map { now - $0 >= self.configuration.sweepInterval } ?? true
        }
        if due { try await self.sweep(now: now) }
    }

    /// At the cap, evicts sessions to make room for one more (and a little slack, so that a full
    /// store does not scan the table for every new session).
    private func makeRoom() async throws {
        let limit = self.configuration.maxSessions
        guard self.bookkeeping.withLock({ $0.estimatedRows + 1 > limit }) else { return }
        do {
            let rows = try await self.table.count()
            var remaining = rows
            if rows + 1 > limit {
                let evicted = try await self.table.evict(rows + 1 - limit + max(0, min(limit - 1, limit / 100))) {
                    id in SessionID(rawValue: id).flatMap { id in self.live.withLock { $0.lastSeen(id) } }
                }
                remaining -= evicted
                self.logger.notice("sessions evicted at the cap", metadata: ["evicted": "\(evicted)"])
            }
            self.bookkeeping.withLock { $0.estimatedRows = remaining }
        } catch {
            throw PostgresStoreError.unavailable(error)
        }
    }

    func checkSize(_ text: String) throws(PostgresStoreError) {
        let size = text.utf8.count
        if size > self.configuration.maxSnapshotBytes {
            throw .snapshotTooLarge(bytes: size, limit: self.configuration.maxSnapshotBytes)
        }
    }

    /// Runs database work, turning its failure into ``PostgresStoreError/unavailable(reason:)``
    /// (logged once, with the session).
    @discardableResult
    func database<T>(_ id: SessionID, _ what: String, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw self.unavailable(error, id, what)
        }
    }

    func unavailable(_ error: any Error, _ id: SessionID, _ what: String) -> PostgresStoreError {
        let reason = PostgresFailure.reason(error)
        self.logger.error(
            Logger.Message(stringLiteral: what),
            metadata: ["session.id": "\(id.fingerprint)", "error": "\(reason)"]
        )
        return .unavailable(reason: reason)
    }
}
