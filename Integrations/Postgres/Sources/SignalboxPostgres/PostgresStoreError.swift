public import SignalboxWeb

/// What can go wrong with a PostgreSQL-backed store, with the reason.
public enum PostgresStoreError: Error, Sendable, CustomStringConvertible {
    /// The database cannot be reached or refused the statement (an outage, a restart, a full
    /// disk). Nothing of the request's change to its session was kept; the client gets a 503
    /// with `Retry-After` and the store recovers by itself when the database is back.
    case unavailable(reason: String)
    /// A form or navigation `POST` ran, but the change to its session could not be saved (the
    /// database went away meanwhile). What the request did to the app's data may have been
    /// saved, so the client is not told that nothing changed; it gets a 503 with `Retry-After`
    /// and a page that says to reload.
    case pageNotSaved(reason: String)
    /// The session's snapshot is larger than the store accepts (``PostgresSessionStore/Configuration/maxSnapshotBytes``);
    /// the change is not kept.
    case snapshotTooLarge(bytes: Int, limit: Int)
    /// The schema could not be created or brought up to date. Start-up stops with this message.
    case cannotMigrate(reason: String)

    /// The database could not do what was asked: `error`'s reason (``PostgresFailure``).
    static func unavailable(_ error: any Error) -> Self {
        .unavailable(reason: PostgresFailure.reason(error))
    }

    public var description: String {
        switch self {
        case .unavailable(let reason): "the session database is unavailable: \(reason)"
        case .pageNotSaved(let reason): "the session's change was not saved: \(reason)"
        case .snapshotTooLarge(let bytes, let limit):
            "the session's snapshot (\(bytes) bytes) is larger than the store accepts (\(limit))"
        case .cannotMigrate(let reason): "cannot prepare the session database: \(reason)"
        }
    }
}

extension PostgresStoreError: WebErrorConvertible {
    /// What the user is told (the description, with the reason, stays in the log and developer mode).
    private var message: String {
        switch self {
        case .pageNotSaved:
            "The service is briefly unavailable. What you just did may have been saved: reload the page to see "
                + "where you are before trying again."
        default: "The service is briefly unavailable, so nothing changed. Please try again in a moment."
        }
    }

    public var webError: WebError {
        var error = WebError(
            status: .serviceUnavailable,
            code: "storageUnavailable",
            message: self.message,
            detail: self.description
        )
        error.retryAfter = 2
        return error
    }
}
