import GRDB
import SignalboxWeb
@_spi(SessionStores) import SignalboxWeb

/// The `session` table in a SQLite file: opening (WAL, a busy timeout, migrations) and the few
/// statements the store runs. A write is one `IMMEDIATE` transaction, or one statement (atomic on
/// its own) for a session changed in place.
///
/// Statements run on the caller's thread. A read in WAL mode never waits for a writer. Writers
/// take turns through an ``AsyncLock`` first, so a write that has to wait for another suspends
/// its task instead of blocking its thread, and an uncontended write makes no thread hop (GRDB's
/// `async` write hands each transaction to its writer queue and back: two context switches,
/// measured to cost more than the `UPDATE` itself).
struct SessionDatabase: Sendable {
    let pool: DatabasePool
    let path: String
    private let readers: ReadConnections
    private let writers = AsyncLock()

    /// Opens (or creates) the file and brings its schema up to date.
    ///
    /// - Throws: ``SQLiteStoreError/cannotOpen(path:reason:)`` naming the file and the problem (not
    ///   a database, corrupt, a folder that is not writable).
    init(path: String) throws(SQLiteStoreError) {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "signalbox-sessions"
        self.readers = ReadConnections(path: path, label: "signalbox-sessions-reader")
        do {
            self.pool = try DatabasePool(path: path, configuration: configuration)
            try self.pool.write { db in
                // Reading the schema fails early on a file that is not a database or is corrupt.
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
            }
            try Self.migrator.migrate(self.pool)
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("sessions v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE session (
                        id TEXT PRIMARY KEY NOT NULL,
                        csrf_token TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        last_seen_at INTEGER NOT NULL,
                        version INTEGER NOT NULL,
                        provisional INTEGER NOT NULL,
                        snapshot TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX session_eviction ON session (provisional DESC, last_seen_at);
                    CREATE INDEX session_created ON session (created_at);
                    """
            )
        }
        return migrator
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return "\(error.message ?? "SQLite error") (SQLite code \(error.extendedResultCode.rawValue))"
        }
        return String(describing: error)
    }

    /// The session's row, `nil` when there is none.
    ///
    /// - Throws: ``UnusableRow`` when the row is there but its values cannot be decoded (a
    ///   damaged page: it never will be); the database's error when it cannot be read now.
    func row(id: SessionID) throws -> SessionRow? {
        let found = try self.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT id, csrf_token, created_at, last_seen_at, version, provisional, snapshot
                        FROM session WHERE id = ?
                        """
                ),
                arguments: [id.rawValue]
            )
        }
        guard let found else { return nil }
        do {
            return try Self.sessionRow(found)
        } catch {
            throw UnusableRow(reason: "\(error)")
        }
    }

    /// A row whose values cannot be decoded.
    struct UnusableRow: Error {
        var reason: String
    }

    /// A session changed in place whose row is gone (deleted by a sweep, an eviction or
    /// `remove(id:)` while its request ran): the change is not written back.
    struct RowGone: Error, CustomStringConvertible {
        var description: String { "the session's row was deleted while its request ran" }
    }

    /// Decodes a row with throwing decoders: a value of the wrong type (a damaged file) fails the
    /// read instead of trapping.
    static func sessionRow(_ row: Row) throws -> SessionRow {
        SessionRow(
            id: try row.decode(atIndex: 0),
            csrfToken: try row.decode(atIndex: 1),
            createdAt: try row.decode(atIndex: 2),
            lastSeenAt: try row.decode(atIndex: 3),
            version: try row.decode(atIndex: 4),
            isProvisional: try row.decode(atIndex: 5),
            snapshot: try row.decode(atIndex: 6)
        )
    }

    /// One statement read on this thread (SQLite runs it in its own read transaction).
    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        try self.readers.read(body)
    }

    /// Writes on this thread, after the writers before it: one `IMMEDIATE` transaction, or with
    /// `inTransaction: false` one statement with no transaction around it (it is its own).
    private func write<T>(inTransaction: Bool = true, _ updates: (Database) throws -> T) async throws -> T {
        await self.writers.lock()
        defer { self.writers.unlock() }
        return try self.writeOnThisThread(inTransaction: inTransaction, updates)
    }

    /// GRDB's synchronous writes (an `async` context would pick their asynchronous overloads).
    private func writeOnThisThread<T>(inTransaction: Bool, _ updates: (Database) throws -> T) throws -> T {
        inTransaction ? try self.pool.write(updates) : try self.pool.writeWithoutTransaction(updates)
    }

    func insert(_ row: SessionRow) async throws {
        try await self.write { db in try Self.insert(row, db) }
    }

    private static func insert(_ row: SessionRow, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO session
                    (id, csrf_token, created_at, last_seen_at, version, provisional, snapshot)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                row.id, row.csrfToken, row.createdAt, row.lastSeenAt, row.version, row.isProvisional, row.snapshot,
            ]
        )
    }

    /// Writes a session under a new id (rotation): the old row goes in the same transaction.
    func save(_ row: SessionRow, replacing oldID: String) async throws {
        try await self.write { db in
            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [oldID])
            try Self.insert(row, db)
        }
    }

    /// Writes a changed session in place, with its last-seen time and provisional flag (the
    /// indexed columns). One statement, atomic on its own: no `BEGIN`/`COMMIT` around it.
    func update(_ row: SessionRow) async throws {
        try await self.write(inTransaction: false) { db in
            try db.cachedStatement(
                sql: """
                    UPDATE session SET csrf_token = ?, last_seen_at = ?, version = ?, provisional = ?, snapshot = ?
                    WHERE id = ?
                    """
            ).execute(
                arguments: [row.csrfToken, row.lastSeenAt, row.version, row.isProvisional, row.snapshot, row.id]
            )
            try Self.requireRow(db)
        }
    }

    /// Writes a changed session's token, version and snapshot in place, leaving the indexed
    /// columns (and so the eviction index) alone.
    func updateContent(_ row: SessionRow) async throws {
        try await self.write(inTransaction: false) { db in
            try db.cachedStatement(sql: "UPDATE session SET csrf_token = ?, version = ?, snapshot = ? WHERE id = ?")
                .execute(arguments: [row.csrfToken, row.version, row.snapshot, row.id])
            try Self.requireRow(db)
        }
    }

    /// A row deleted meanwhile is not brought back.
    private static func requireRow(_ db: Database) throws {
        if db.changesCount == 0 { throw RowGone() }
    }

    /// Records a use: the coarse last-seen time, and that a request came back.
    func touch(id: SessionID, lastSeenAt: Int64) async throws {
        try await self.write { db in
            try db.execute(
                sql: "UPDATE session SET last_seen_at = ? WHERE id = ?",
                arguments: [lastSeenAt, id.rawValue]
            )
        }
    }

    func delete(id: SessionID) async throws {
        try await self.write { db in
            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id.rawValue])
        }
    }

    /// Deletes every session idle since before `idleBefore` or created before `createdBefore`;
    /// returns their ids.
    func deleteExpired(idleBefore: Int64, createdBefore: Int64) async throws -> [String] {
        try await self.write { db in
            try String.fetchAll(
                db,
                sql: "DELETE FROM session WHERE last_seen_at < ? OR created_at < ? RETURNING id",
                arguments: [idleBefore, createdBefore]
            )
        }
    }

    /// Deletes the `count` sessions to evict first (see ``SessionEviction``: `lastSeen` gives the
    /// exact last request of a session the process served lately); returns their ids.
    func evict(_ count: Int, lastSeen: @escaping @Sendable (String) -> Int64?) async throws -> [String] {
        try await self.write { db in
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT id, provisional, last_seen_at FROM session ORDER BY provisional DESC, last_seen_at LIMIT ?",
                arguments: [count + SessionEviction.margin]
            )
            let candidates = rows.map { SessionEviction.Candidate(id: $0[0], isProvisional: $0[1], lastSeen: $0[2]) }
            let victims = SessionEviction.victims(candidates, count: count, lastSeen: lastSeen)
            for id in victims { try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id]) }
            return victims
        }
    }

    /// The number of rows, read once when the store opens.
    func countAtOpening() throws(SQLiteStoreError) -> Int {
        do {
            return try self.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? 0 }
        } catch {
            throw .cannotOpen(path: self.path, reason: Self.reason(error))
        }
    }

    func count() throws -> Int {
        try self.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? 0 }
    }
}
