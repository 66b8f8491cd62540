import HTTPTypes
public import SignalboxWeb

extension TodoStoreError: WebErrorConvertible {
    /// How a refused write reaches the client when a screen lets it escape: a missing item is a
    /// 404, a taken username a 409, an unknown user a 403, an invalid value a 400, storage that
    /// cannot be written or read a 503.
    public var webError: WebError {
        let status: HTTPResponse.Status =
            switch self {
            case .notFound: .notFound
            case .usernameTaken: .conflict
            case .unknownUser: .forbidden
            case .unavailable, .unreadable: .serviceUnavailable
            default: .badRequest
            }
        return WebError(status: status, code: "todoStore", message: self.description)
    }
}
