import HTTPTypes
public import SignalboxWeb

extension TodoStoreError: WebErrorConvertible {
    /// How a refused write reaches the client when a screen lets it escape: a missing item is a
    /// 404, a taken username a 409, an unknown user a 403, an invalid value a 400, storage that
    /// cannot be written or read a 503 with `Retry-After`.
    public var webError: WebError {
        let status: HTTPResponse.Status =
            switch self {
            case .notFound: .notFound
            case .usernameTaken: .conflict
            case let error where error.isQuotaReached: .conflict
            case .unknownUser: .forbidden
            case .unavailable, .unreadable, .busy: .serviceUnavailable
            default: .badRequest
            }
        var error = WebError(status: status, code: "todoStore", message: self.description)
        // Storage that is away (a full disk, a database restarting) is worth retrying soon.
        if status == .serviceUnavailable { error.retryAfter = 2 }
        return error
    }
}
