import Logging
import PostgresNIO
import SignalboxPostgres
import SignalboxWeb
import TodoApp

// How the store runs its statements: each one alone (one round trip) with bounded waits, and the
// database's errors turned into ``TodoStoreError``s with the cause logged.
extension PostgresTodoStore {
    /// The rows of one read statement, decoded by `decode`; a failure (of the statement or of the
    /// decoding) is logged and thrown as ``TodoStoreError/unreadable``.
    func read<Value>(
        _ query: PostgresQuery,
        operation: String = #function,
        _ decode: ([PostgresRow]) throws -> Value
    ) async throws(TodoStoreError) -> Value {
        do {
            return try decode(try await self.rows(query))
        } catch {
            self.logger.error(
                "read failed",
                metadata: ["operation": "\(operation)", "error": "\(PostgresFailure.reason(error))"]
            )
            throw .unreadable
        }
    }

    /// The rows of one write statement (which PostgreSQL commits by itself), decoded by `decode`.
    /// A statement that fails is logged and thrown as ``TodoStoreError/unavailable``: nothing
    /// changed (unless it was sent and then got no answer within the statement wait: then it may
    /// still commit). A decoding that fails is ``TodoStoreError/unreadable``, which says nothing
    /// about the write (it cannot happen with the `RETURNING` columns here, but never trap).
    func write<Value>(
        _ query: PostgresQuery,
        operation: String = #function,
        _ decode: ([PostgresRow]) throws -> Value
    ) async throws(TodoStoreError) -> Value {
        let rows: [PostgresRow]
        // What this request read before is read again after a write (see `userData(of:)`),
        // whether the write succeeded or not.
        defer { RequestMemo.current?.forgetAll() }
        do {
            rows = try await self.rows(query)
        } catch {
            self.logger.error(
                "write failed",
                metadata: ["operation": "\(operation)", "error": "\(PostgresFailure.reason(error))"]
            )
            throw .unavailable
        }
        do {
            return try decode(rows)
        } catch {
            self.logger.error(
                "write's answer unreadable",
                metadata: ["operation": "\(operation)", "error": "\(PostgresFailure.reason(error))"]
            )
            throw .unreadable
        }
    }

    /// Every row of one statement, each wait bounded (see `PostgresDatabase`).
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await self.database.rows(query)
    }

    static func validTitle(_ text: String, noun: String) throws(TodoStoreError) -> String {
        let title = try Validation.storableTitle(text, noun: noun)
        // PostgreSQL's text cannot hold NUL: refuse it here instead of failing the write.
        guard Self.isStorable(title) else { throw .invalid("The \(noun) cannot contain a NUL character.") }
        return title
    }

    /// Whether PostgreSQL can take `text` as a parameter: not with NUL, which the server refuses
    /// (a lookup of such a name would fail as if the database were unreadable).
    static func isStorable(_ text: String) -> Bool {
        !text.utf8.contains(0)
    }

    /// Milliseconds in `duration`, for the `bigint` columns.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
