import GRDB
import Logging
import SignalboxSQLite
import TodoApp

// How the store runs its statements: reads on the caller's thread, writes as transactions, and
// the database's errors turned into ``TodoStoreError``s.
extension SQLiteTodoStore {
    /// A read of one statement; a failure is logged and thrown as ``TodoStoreError/unreadable``.
    ///
    /// Synchronous on the caller's thread: a point read in WAL mode takes microseconds and never
    /// waits for a writer (it sees the last commit), so it is cheaper than handing the read to a
    /// database thread and back (measured: three hand-offs per page cost more than the reads).
    /// No explicit transaction: every read here is one statement, which SQLite already runs in
    /// its own read transaction, so a `BEGIN`/`COMMIT` pair would only add two statements. The
    /// statements are prepared once per connection (`cachedStatement`).
    func read<Value>(_ body: (Database) throws -> Value) throws(TodoStoreError) -> Value {
        do {
            return try self.readers.read(body)
        } catch {
            self.logger.error("read failed", metadata: ["file": "\(self.path)", "error": "\(Self.reason(error))"])
            throw .unreadable
        }
    }

    /// A write transaction of `username`'s data; the store's own errors pass through, the
    /// database's become ``TodoStoreError/unavailable``. What is cached for the user is forgotten
    /// before the transaction and again after it (see ``UserDataCache``).
    func write<Value: Sendable>(
        for username: String,
        _ body: @escaping @Sendable (Database) throws(TodoStoreError) -> Value
    ) async throws(TodoStoreError) -> Value {
        self.cache.invalidate(username)
        defer { self.cache.invalidate(username) }
        do {
            return try await self.pool.write { db in try body(db) }
        } catch let error as TodoStoreError {
            throw error
        } catch {
            throw .unavailable
        }
    }

    static func run(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws(TodoStoreError) {
        do {
            try db.execute(sql: sql, arguments: arguments)
        } catch {
            throw .unavailable
        }
    }

    static func exists(
        _ db: Database,
        _ sql: String,
        _ arguments: StatementArguments
    ) throws(TodoStoreError)
        -> Bool
    {
        do {
            return try Bool.fetchOne(db, sql: sql, arguments: arguments) ?? false
        } catch {
            throw .unavailable
        }
    }

    /// How many rows `sql` (with the user's name as its one argument) counts.
    static func count(_ db: Database, _ sql: String, _ user: User) throws(TodoStoreError) -> Int {
        do {
            return try Int.fetchOne(db, sql: sql, arguments: [user.username]) ?? 0
        } catch {
            throw .unavailable
        }
    }

    static func requireUser(_ user: User, _ db: Database) throws(TodoStoreError) {
        guard try Self.exists(db, "SELECT 1 FROM user WHERE username = ?", [user.username]) else { throw .unknownUser }
    }
}
