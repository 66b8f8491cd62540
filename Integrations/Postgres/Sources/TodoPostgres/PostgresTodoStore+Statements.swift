import Logging
import PostgresNIO
import SignalboxPostgres
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
            self.logger.error("read failed", metadata: ["operation": "\(operation)", "error": "\(Self.reason(error))"])
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
        do {
            rows = try await self.rows(query)
        } catch {
            self.logger.error(
                "write failed",
                metadata: ["operation": "\(operation)", "error": "\(Self.reason(error))"]
            )
            throw .unavailable
        }
        do {
            return try decode(rows)
        } catch {
            self.logger.error(
                "write's answer unreadable",
                metadata: ["operation": "\(operation)", "error": "\(Self.reason(error))"]
            )
            throw .unreadable
        }
    }

    /// The logger handed to postgres-nio where it needs one (transactions): silent, since its
    /// trace lines would carry the rows (password hashes among them). The store logs what failed
    /// on its own logger; the client's `backgroundLogger` tells about connections.
    static let driverLogger = Logger(label: "todo-postgres-driver") { _ in SwiftLogNoOpLogHandler() }

    /// Every row of one statement, each wait bounded (see `PostgresDatabase`).
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await self.database.rows(query)
    }

    /// Why an operation failed, for the log: the database's message and SQLSTATE, or why there
    /// was no answer. Never the statement's parameters (a password hash may be one).
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            var text = "\(error.code)"
            if let info = error.serverInfo {
                text += ": \(info[.message] ?? "server error")"
                if let state = info[.sqlState] { text += " (SQLSTATE \(state))" }
            }
            if let underlying = error.underlying { text += ": \(Self.reason(underlying))" }
            return text
        case let error as PostgresTransactionError:
            guard let cause = error.beginError ?? error.closureError ?? error.commitError else {
                return "the transaction failed"
            }
            return Self.reason(cause)
        case let error as PostgresDecodingError:
            return "column \(error.columnName) (\(error.postgresType)) is not a \(error.targetType): \(error.code)"
        default:
            return String(describing: error)
        }
    }

    static func validTitle(_ text: String, noun: String) throws(TodoStoreError) -> String {
        switch Validation.title(text, noun: noun) {
        case .success(let title):
            // PostgreSQL's text cannot hold NUL: refuse it here instead of failing the write.
            guard Self.isStorable(title) else { throw .invalid("The \(noun) cannot contain a NUL character.") }
            return title
        case .failure(let failure): throw .invalid(failure.message)
        }
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
