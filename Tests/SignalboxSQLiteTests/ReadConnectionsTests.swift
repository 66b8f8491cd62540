import Foundation
import GRDB
import Testing

@testable import SignalboxSQLite

/// `ReadConnections`: read-only connections to a file a `DatabasePool` writes in WAL mode, used
/// on the caller's thread and kept on a free list between reads.
@Suite struct ReadConnectionsTests {
    let folder: TemporaryFolder
    var file: String { self.folder.path + "/reads.sqlite" }

    init() throws {
        self.folder = try TemporaryFolder()
    }

    /// The writer, opened first (WAL mode), with a `value` table of `rows` rows: `id` → `id * 10`.
    func writer(rows: Int = 8) throws -> DatabasePool {
        let pool = try DatabasePool(path: self.file)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE value (id INTEGER PRIMARY KEY, number INTEGER NOT NULL)")
            for id in 0..<rows {
                try db.execute(sql: "INSERT INTO value (id, number) VALUES (?, ?)", arguments: [id, id * 10])
            }
        }
        return pool
    }

    static func number(_ id: Int, _ readers: ReadConnections) throws -> Int? {
        try readers.read { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT number FROM value WHERE id = ?"), arguments: [id])
        }
    }

    @Test func aReadSeesWhatTheWriterCommittedJustBefore() throws {
        let pool = try self.writer()
        let readers = ReadConnections(path: self.file, label: "test-reader")
        #expect(try Self.number(3, readers) == 30)
        // The connection is reused from here on: each read still sees the latest commit.
        for round in 1...5 {
            try pool.write { db in
                try db.execute(sql: "UPDATE value SET number = ? WHERE id = 3", arguments: [round])
                try db.execute(sql: "INSERT INTO value (id, number) VALUES (?, ?)", arguments: [100 + round, round])
            }
            #expect(try Self.number(3, readers) == round)
            #expect(try Self.number(100 + round, readers) == round)
            #expect(try readers.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM value") } == 8 + round)
        }
    }

    @Test func aReadDuringAnOpenWriteSeesTheLastCommitWithoutWaiting() throws {
        let pool = try self.writer()
        let readers = ReadConnections(path: self.file, label: "test-reader")
        try pool.write { db in
            try db.execute(sql: "UPDATE value SET number = -1 WHERE id = 2")
            #expect(try Self.number(2, readers) == 20)  // not yet committed
        }
        #expect(try Self.number(2, readers) == -1)
    }

    @Test(arguments: [
        "INSERT INTO value (id, number) VALUES (99, 99)",
        "UPDATE value SET number = 0",
        "DELETE FROM value",
        "CREATE TABLE other (id INTEGER)",
    ])
    func aWriteThroughAReadConnectionFails(_ sql: String) throws {
        _ = try self.writer()
        let readers = ReadConnections(path: self.file, label: "test-reader")
        let error = #expect(throws: DatabaseError.self) {
            try readers.read { db in try db.execute(sql: sql) }
        }
        #expect(error?.resultCode == .SQLITE_READONLY)
        // Nothing changed, and the connection given back still reads.
        #expect(try Self.number(5, readers) == 50)
        #expect(try readers.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM value") } == 8)
        #expect(try readers.read { db in try db.tableExists("other") } == false)
    }

    @Test func aFailedStatementLeavesTheConnectionUsable() throws {
        _ = try self.writer()
        let readers = ReadConnections(path: self.file, label: "test-reader")
        #expect(throws: DatabaseError.self) {
            try readers.read { db in try Int.fetchOne(db, sql: "SELECT number FROM nowhere") }
        }
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try readers.read { _ in throw Stop() }
        }
        #expect(try Self.number(7, readers) == 70)
    }

    @Test func manyConcurrentReadsAllSucceedWithTheRightValues() async throws {
        let rows = 32
        let pool = try self.writer(rows: rows)
        let readers = ReadConnections(path: self.file, label: "test-reader")
        let reads = 64 * 4
        let results = try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
            for read in 0..<reads {
                group.addTask {
                    let id = read % rows
                    return (id, try Self.number(id, readers))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == reads)
        #expect(results.allSatisfy { id, number in number == id * 10 })
        // The writer is still free to write, and the readers see it.
        try await pool.write { db in try db.execute(sql: "UPDATE value SET number = 1") }
        #expect(try Self.number(rows - 1, readers) == 1)
    }

    @Test(arguments: ["missing.sqlite", "no/such/folder/missing.sqlite"])
    func aReadOfAFileNoWriterOpenedThrows(_ name: String) throws {
        let path = self.folder.path + "/" + name
        let readers = ReadConnections(path: path, label: "test-reader")
        #expect(throws: (any Error).self) {
            try readers.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
        }
        // Read-only: the file is not created, and the next read fails the same way.
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(throws: (any Error).self) {
            try readers.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
        }
    }
}
