public import HTTPTypes

/// An error as the client sees it: a status, a stable camelCase code and a message a user can
/// act on. HTML clients get an error page, JSON clients
/// `{"error": code, "message": message, "status": status}`.
///
/// Every failure becomes a `WebError` in one place, ``init(_:requestID:)``:
/// ``/Signalbox/NavigationError``s by their ``/Signalbox/NavigationError/kind``, form-decoding errors as 400/413, app
/// errors conforming to ``WebErrorConvertible`` as they say, anything else as a 500 that shows
/// only a request id.
public struct WebError: Error, Sendable, Hashable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// A stable camelCase code, e.g. `unknownRoute`, `invalidCSRFToken`.
    public var code: String
    /// What went wrong, for the user (never internals).
    public var message: String
    /// For 405: the methods the resource allows.
    public var allow: String?
    /// For 500: the request id to quote when reporting the problem.
    public var requestID: String?
    /// For 429 and 503: seconds after which the client may try again (`Retry-After`).
    public var retryAfter: Int?
    /// What a developer needs to know (Swift type names, the failing route): logged, and shown
    /// on error pages only with ``WebApp/Configuration/developerTools`` on.
    public var detail: String?

    /// An error with its status, code and message.
    public init(
        status: HTTPResponse.Status,
        code: String,
        message: String,
        allow: String? = nil,
        requestID: String? = nil,
        detail: String? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.allow = allow
        self.requestID = requestID
        self.detail = detail
    }

    static func notFound(_ message: String) -> WebError {
        WebError(status: .notFound, code: "notFound", message: message)
    }

    static func badRequest(_ code: String, _ message: String) -> WebError {
        WebError(status: .badRequest, code: code, message: message)
    }

    static func missingField(_ name: String) -> WebError {
        WebError(status: .badRequest, code: "missingField", message: "The field \"\(name)\" is required.")
    }

    static func methodNotAllowed(allow: String) -> WebError {
        WebError(
            status: .methodNotAllowed,
            code: "methodNotAllowed",
            message: "This address only answers \(allow).",
            allow: allow
        )
    }

    static func pathTooLong(limit: Int) -> WebError {
        WebError(status: .uriTooLong, code: "pathTooLong", message: "The address is longer than \(limit) bytes.")
    }

    /// 429 with `Retry-After`: a per-client limit (see ``ClientLimits``).
    static func tooManyRequests(_ code: String, _ message: String, retryAfter: Duration) -> WebError {
        var error = WebError(status: .tooManyRequests, code: code, message: message)
        let (seconds, attoseconds) = retryAfter.components
        error.retryAfter = max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
        return error
    }

    /// Too many requests in progress from one client behind a trusted proxy.
    static let tooManyRequestsInProgress = WebError.tooManyRequests(
        "tooManyRequests",
        "Too many requests from your address are in progress; wait for them to finish and try again.",
        retryAfter: .seconds(1)
    )

    /// Too many new sessions from one client.
    static func tooManyNewSessions(retryAfter: Duration) -> WebError {
        .tooManyRequests(
            "tooManyNewSessions",
            "Too many new sessions from your address. Use the cookie this site sets, or try again later.",
            retryAfter: retryAfter
        )
    }

    static let invalidCSRFToken = WebError(
        status: .forbidden,
        code: "invalidCSRFToken",
        message: "The form was stale or did not come from this site (session expired?). Reload the page and try again."
    )

    static let crossOrigin = WebError(
        status: .forbidden,
        code: "crossOrigin",
        message: "Requests from other sites are not accepted."
    )

    static let unsupportedMediaType = WebError(
        status: .unsupportedMediaType,
        code: "unsupportedMediaType",
        message: "Forms must be sent as application/x-www-form-urlencoded."
    )

    static func internalError(requestID: String) -> WebError {
        WebError(
            status: .internalServerError,
            code: "internalError",
            message: "Something went wrong on our side. If it keeps happening, quote request id \(requestID).",
            requestID: requestID
        )
    }
}

/// An app error that knows its HTTP face. Throw one from a form handler to answer with its
/// status and message instead of a 500:
///
/// ```swift
/// struct TodoNotFound: Error, WebErrorConvertible {
///     var webError: WebError { WebError(status: .notFound, code: "todoNotFound", message: "No such todo") }
/// }
/// ```
public protocol WebErrorConvertible: Error {
    /// The error as the client should see it.
    var webError: WebError { get }
}

extension WebError: WebErrorConvertible {
    public var webError: WebError { self }
}
