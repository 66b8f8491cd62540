import PostgresNIO

/// Readable reasons for PostgreSQL errors.
///
/// `PSQLError`'s own description hides everything (so that queries and values never leak into
/// logs by accident); the stores log this instead: the error's kind, and for an error the server
/// sent, its SQLSTATE and message. Never the query or its values.
public enum PostgresFailure {
    /// What went wrong, for a log line or a 503's developer detail: the error's kind, the server's
    /// message and SQLSTATE, or the column that did not decode. Never a statement's parameters.
    public static func reason(_ error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            var parts = ["\(error.code)"]
            if let server = error.serverInfo {
                if let state = server[.sqlState] { parts.append("SQLSTATE \(state)") }
                if let message = server[.message] { parts.append(message) }
            }
            if let underlying = error.underlying { parts.append(Self.reason(underlying)) }
            return parts.joined(separator: ": ")
        case let error as PostgresTransactionError:
            return [error.beginError, error.closureError, error.commitError, error.rollbackError]
                .compactMap { $0.map(Self.reason) }.first ?? "the transaction failed"
        case let error as PostgresDecodingError:
            return "column \(error.columnName) (\(error.postgresType)) is not a \(error.targetType): \(error.code)"
        default:
            return String(describing: error)
        }
    }
}
