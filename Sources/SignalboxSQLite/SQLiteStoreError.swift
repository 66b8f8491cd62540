public import SignalboxWeb

/// What can go wrong with a SQLite session store, with the file and the reason.
public enum SQLiteStoreError: Error, Sendable, CustomStringConvertible {
    /// The file cannot be opened or used: not a database, corrupt, or in a folder that is not
    /// writable. Start-up stops with this message.
    case cannotOpen(path: String, reason: String)
    /// A change to a session could not be written (a full disk, say). The session is as it was
    /// before the request; the client gets a 503.
    case writeFailed(path: String, reason: String)
    /// A hibernated session could not be read (a damaged file, say). Nothing changed; the client
    /// gets a 503.
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the session database \(path): \(reason)"
        case .writeFailed(let path, let reason): "cannot write to the session database \(path): \(reason)"
        case .readFailed(let path, let reason): "cannot read the session database \(path): \(reason)"
        }
    }
}

extension SQLiteStoreError: WebErrorConvertible {
    /// What the user is told (the description, with the file, stays in the log and developer mode).
    private var message: String {
        switch self {
        case .readFailed: "Your session could not be read right now, so nothing changed. Please try again in a moment."
        default: "The change could not be saved, so nothing changed. Please try again in a moment."
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
