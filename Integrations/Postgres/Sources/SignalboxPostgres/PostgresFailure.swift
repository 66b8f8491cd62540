import PostgresNIO

/// Readable reasons for PostgreSQL errors.
///
/// `PSQLError`'s own description hides everything (so that queries and values never leak into
/// logs by accident); the stores log this instead: the error's kind, and for an error the server
/// sent, its SQLSTATE and message. Never the query or its values.
public enum PostgresFailure {
    /// What went wrong, for a log line or a 503's developer detail.
    public static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else {
            if let error = error as? PostgresTransactionError {
                return [error.beginError, error.closureError, error.commitError, error.rollbackError]
                    .compactMap { $0.map(Self.reason) }.first ?? "transaction failed"
            }
            return String(describing: error)
        }
        var parts = ["\(error.code)"]
        if let server = error.serverInfo {
            if let state = server[.sqlState] { parts.append("SQLSTATE \(state)") }
            if let message = server[.message] { parts.append(message) }
        }
        if let underlying = error.underlying { parts.append(String(describing: underlying)) }
        return parts.joined(separator: ": ")
    }

    /// The SQLSTATE the server sent, if the error came from the server.
    public static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }
}
