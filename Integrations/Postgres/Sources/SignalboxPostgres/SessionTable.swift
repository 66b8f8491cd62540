import Logging
import PostgresNIO
@_spi(SessionStores) import SignalboxWeb
import Synchronization

/// The `signalbox_session` table and the statements the store runs on it, each one round trip.
///
/// Only the primary key is indexed: an update that changes no indexed column stays on its page
/// (a HOT update, no index work), and expiry and eviction scan the table instead — rarely.
struct SessionTable: Sendable {
    let database: PostgresDatabase
    var client: PostgresClient { self.database.client }

    /// Where a statement runs: any pooled connection, or the one holding a transaction.
    enum Executor {
        case pool
        case connection(PostgresConnection)
    }

    /// One row, without its snapshot when the caller already has that version.
    struct Row {
        var csrfToken: String
        var createdAt: Int64
        var lastSeenAt: Int64
        var version: Int64
        var isProvisional: Bool
        /// `nil` when the row's version is the one the caller asked to skip.
        var snapshot: String?
    }

    /// What the row looks like after a change.
    struct Change {
        var id: String
        var csrfToken: String
        var lastSeenAt: Int64
        /// Whether the app has not established the session (``SessionControl/establish()``).
        var isProvisional: Bool
        var snapshot: String
    }

    // MARK: Schema

    /// Creates the table when missing; several instances starting at once take turns.
    func migrate() async throws {
        try await self.client.withTransaction(logger: PostgresDatabase.driverLogger) { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(Self.migrationLock))",
                logger: PostgresDatabase.driverLogger
            )
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS signalbox_session (
                    id text PRIMARY KEY,
                    csrf_token text NOT NULL,
                    created_at bigint NOT NULL,
                    last_seen_at bigint NOT NULL,
                    version bigint NOT NULL,
                    provisional boolean NOT NULL,
                    snapshot text NOT NULL
                ) WITH (fillfactor = 80)
                """,
                logger: PostgresDatabase.driverLogger
            )
        }
    }

    /// The advisory lock migrations take (any constant shared by every instance).
    private static let migrationLock: Int64 = 0x5369_676e_616c_626f  // "Signalbo"

    // MARK: Statements

    /// The session's row (locked until the transaction ends with `forUpdate`); its snapshot is
    /// left out when the row is at `knownVersion`.
    func row(id: String, knownVersion: Int64?, forUpdate: Bool, on executor: Executor) async throws -> Row? {
        let known = knownVersion ?? -1
        let query: PostgresQuery =
            forUpdate
            ? """
            SELECT csrf_token, created_at, last_seen_at, version, provisional,
                CASE WHEN version = \(known) THEN NULL ELSE snapshot END
            FROM signalbox_session WHERE id = \(id) FOR UPDATE
            """
            : """
            SELECT csrf_token, created_at, last_seen_at, version, provisional,
                CASE WHEN version = \(known) THEN NULL ELSE snapshot END
            FROM signalbox_session WHERE id = \(id)
            """
        guard let row = try await self.run(query, on: executor).first else { return nil }
        let (token, created, lastSeen, version, provisional, snapshot) = try row.decode(
            (String, Int64, Int64, Int64, Bool, String?).self
        )
        return Row(
            csrfToken: token,
            createdAt: created,
            lastSeenAt: lastSeen,
            version: version,
            isProvisional: provisional,
            snapshot: snapshot
        )
    }

    /// Writes a change if the row is still at `version`; returns the new version, or `nil` when
    /// another request changed (or deleted) the row first.
    func update(id: String, from version: Int64, to change: Change, on executor: Executor) async throws -> Int64? {
        let rows: [PostgresRow]
        if change.id == id {
            rows = try await self.run(
                """
                UPDATE signalbox_session
                SET csrf_token = \(change.csrfToken), last_seen_at = \(change.lastSeenAt), version = version + 1,
                    provisional = \(change.isProvisional), snapshot = \(change.snapshot)
                WHERE id = \(id) AND version = \(version)
                RETURNING version
                """,
                on: executor
            )
        } else {
            // Rotation: the old row goes and the new one comes in one statement, so no instance
            // ever sees both or neither.
            rows = try await self.run(
                """
                WITH gone AS (
                    DELETE FROM signalbox_session WHERE id = \(id) AND version = \(version) RETURNING created_at
                )
                INSERT INTO signalbox_session (id, csrf_token, created_at, last_seen_at, version, provisional, snapshot)
                SELECT \(change.id), \(change.csrfToken), created_at, \(change.lastSeenAt), \(version + 1),
                    \(change.isProvisional),
                    \(change.snapshot)
                FROM gone
                RETURNING version
                """,
                on: executor
            )
        }
        return try rows.first?.decode(Int64.self)
    }

    /// Records a use of an unchanged session: its last-seen time.
    func touch(id: String, lastSeenAt: Int64, on executor: Executor) async throws {
        try await self.run(
            """
            UPDATE signalbox_session SET last_seen_at = \(lastSeenAt)
            WHERE id = \(id) AND last_seen_at < \(lastSeenAt)
            """,
            on: executor
        )
    }

    func insert(
        id: String,
        csrfToken: String,
        createdAt: Int64,
        lastSeenAt: Int64,
        isProvisional: Bool,
        snapshot: String
    ) async throws {
        try await self.run(
            """
            INSERT INTO signalbox_session (id, csrf_token, created_at, last_seen_at, version, provisional, snapshot)
            VALUES (\(id), \(csrfToken), \(createdAt), \(lastSeenAt), 1, \(isProvisional), \(snapshot))
            """,
            on: .pool
        )
    }

    func delete(id: String, on executor: Executor = .pool) async throws {
        try await self.run("DELETE FROM signalbox_session WHERE id = \(id)", on: executor)
    }

    /// Deletes every session idle since before `idleBefore` or created before `createdBefore`
    /// (idempotent: instances may sweep at the same time); returns how many went.
    func deleteExpired(idleBefore: Int64, createdBefore: Int64) async throws -> Int {
        let rows = try await self.run(
            """
            WITH gone AS (
                DELETE FROM signalbox_session WHERE last_seen_at < \(idleBefore) OR created_at < \(createdBefore)
                RETURNING 1
            )
            SELECT count(*) FROM gone
            """,
            on: .pool
        )
        return try Self.single(rows)
    }

    /// Deletes the `count` sessions to evict first (see ``SessionEviction``: `lastSeen` gives the
    /// exact last request of a session this instance served lately). Two round trips; only at
    /// the cap.
    func evict(_ count: Int, lastSeen: (String) -> Int64?) async throws -> Int {
        let rows = try await self.run(
            """
            SELECT id, provisional, last_seen_at FROM signalbox_session
            ORDER BY provisional DESC, last_seen_at LIMIT \(count + SessionEviction.margin)
            """,
            on: .pool
        )
        let candidates = try rows.map { row in
            let (id, provisional, seen) = try row.decode((String, Bool, Int64).self)
            return SessionEviction.Candidate(id: id, isProvisional: provisional, lastSeen: seen)
        }
        let victims = SessionEviction.victims(candidates, count: count, lastSeen: lastSeen)
        guard !victims.isEmpty else { return 0 }
        let gone = try await self.run(
            """
            WITH gone AS (DELETE FROM signalbox_session WHERE id = ANY(\(victims)) RETURNING 1)
            SELECT count(*) FROM gone
            """,
            on: .pool
        )
        return try Self.single(gone)
    }

    func count() async throws -> Int {
        try Self.single(try await self.run("SELECT count(*) FROM signalbox_session", on: .pool))
    }

    /// The planner's estimate of the row count (no scan; kept by autovacuum), or the exact count
    /// while the table has never been analysed.
    func estimatedCount() async throws -> Int {
        let rows = try await self.run(
            "SELECT reltuples::bigint FROM pg_class WHERE oid = 'signalbox_session'::regclass",
            on: .pool
        )
        let estimate = try Self.single(rows)
        return estimate >= 0 ? estimate : try await self.count()
    }

    /// One round trip to see whether the database answers.
    func ping() async throws {
        try await self.run("SELECT 1", on: .pool)
    }

    // MARK: Running

    /// Runs one statement (one round trip).
    @discardableResult
    func run(_ query: PostgresQuery, on executor: Executor) async throws -> [PostgresRow] {
        switch executor {
        case .pool: try await self.database.rows(query)
        case .connection(let connection): try await self.database.rows(query, on: connection)
        }
    }

    private static func single(_ rows: [PostgresRow]) throws -> Int {
        try rows.first.map { Int(try $0.decode(Int64.self)) } ?? 0
    }
}
