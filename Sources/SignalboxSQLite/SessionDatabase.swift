import GRDB
import SignalboxWeb

/// The `session` table in a SQLite file: opening (WAL, a busy timeout, migrations) and the few
/// statements the store runs. Every write is one `IMMEDIATE` transaction.
struct SessionDatabase: Sendable {
    let pool: DatabasePool
    let path: String

    /// Opens (or creates) the file and brings its schema up to date.
    ///
    /// - Throws: ``SQLiteStoreError/cannotOpen(path:reason:)`` naming the file and the problem (not
    ///   a database, corrupt, a folder that is not writable).
    init(path: String) throws(SQLiteStoreError) {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "signalbox-sessions"
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

    func row(id: SessionID) async throws -> SessionRow? {
        try await self.pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, csrf_token, created_at, last_seen_at, version, provisional, snapshot
                    FROM session WHERE id = ?
                    """,
                arguments: [id.rawValue]
            ).map(Self.sessionRow)
        }
    }

    static func sessionRow(_ row: Row) -> SessionRow {
        SessionRow(
            id: row[0],
            csrfToken: row[1],
            createdAt: row[2],
            lastSeenAt: row[3],
            version: row[4],
            isProvisional: row[5],
            snapshot: row[6]
        )
    }

    func insert(_ row: SessionRow) async throws {
        try await self.pool.write { db in try Self.insert(row, db) }
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

    /// Writes a changed session: its new snapshot and token, under a new id when it rotated (the
    /// old row goes in the same transaction).
    func save(_ row: SessionRow, replacing oldID: String) async throws {
        try await self.pool.write { db in
            if oldID == row.id {
                // In place: no delete and re-insert, so the indexes are not rewritten.
                try db.cachedStatement(
                    sql:
                        "UPDATE session SET csrf_token = ?, last_seen_at = ?, version = ?, provisional = ?, snapshot = ? WHERE id = ?"
                ).execute(
                    arguments: [row.csrfToken, row.lastSeenAt, row.version, row.isProvisional, row.snapshot, row.id])
                if db.changesCount == 1 { return }
            } else {
                try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [oldID])
            }
            try Self.insert(row, db)
        }
    }

    /// Records a use: the coarse last-seen time, and that a request came back.
    func touch(id: SessionID, lastSeenAt: Int64) async throws {
        try await self.pool.write { db in
            try db.execute(
                sql: "UPDATE session SET last_seen_at = ?, provisional = 0 WHERE id = ?",
                arguments: [lastSeenAt, id.rawValue]
            )
        }
    }

    func delete(id: SessionID) async throws {
        try await self.pool.write { db in
            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id.rawValue])
        }
    }

    /// Deletes every session idle since before `idleBefore` or created before `createdBefore`;
    /// returns their ids.
    func deleteExpired(idleBefore: Int64, createdBefore: Int64) async throws -> [String] {
        try await self.pool.write { db in
            try String.fetchAll(
                db,
                sql: "DELETE FROM session WHERE last_seen_at < ? OR created_at < ? RETURNING id",
                arguments: [idleBefore, createdBefore]
            )
        }
    }

    /// Deletes the `count` sessions to evict first: those no request came back to, then the least
    /// recently used; returns their ids.
    func evict(_ count: Int) async throws -> [String] {
        try await self.pool.write { db in
            try String.fetchAll(
                db,
                sql: """
                    DELETE FROM session WHERE id IN (
                        SELECT id FROM session ORDER BY provisional DESC, last_seen_at LIMIT ?
                    ) RETURNING id
                    """,
                arguments: [count]
            )
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

    func count() async throws -> Int {
        try await self.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session") ?? 0 }
    }
}
