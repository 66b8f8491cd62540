public import SignalboxWeb

/// What can go wrong with a PostgreSQL-backed store, with the reason.
public enum PostgresStoreError: Error, Sendable, CustomStringConvertible {
    /// The database cannot be reached or refused the statement (an outage, a restart, a full
    /// disk). Nothing of the request's change to its session was kept; the client gets a 503
    /// with `Retry-After` and the store recovers by itself when the database is back.
    case unavailable(reason: String)
    /// The session's snapshot is larger than the store accepts (``PostgresSessionStore/Configuration/maxSnapshotBytes``);
    /// the change is not kept.
    case snapshotTooLarge(bytes: Int, limit: Int)
    /// The schema could not be created or brought up to date. Start-up stops with this message.
    case cannotMigrate(reason: String)

    public var description: String {
        switch self {
        case .unavailable(let reason): "the session database is unavailable: \(reason)"
        case .snapshotTooLarge(let bytes, let limit):
            "the session's snapshot (\(bytes) bytes) is larger than the store accepts (\(limit))"
        case .cannotMigrate(let reason): "cannot prepare the session database: \(reason)"
        }
    }
}

extension PostgresStoreError: WebErrorConvertible {
    public var webError: WebError {
        var error = WebError(
            status: .serviceUnavailable,
            code: "storageUnavailable",
            message: "The service is briefly unavailable, so nothing changed. Please try again in a moment.",
            detail: self.description
        )
        error.retryAfter = 2
        return error
    }
}
