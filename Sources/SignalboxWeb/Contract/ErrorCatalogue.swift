import HTTPTypes
import Signalbox

/// Every error code a client of a Signalbox app can receive, by status: the web layer's own,
/// the navigation errors', the embedded server's and the session stores', plus the app's
/// (``OpenAPIDocument/Info/errors``). The OpenAPI document lists them per status, so a client
/// (or schemathesis) can tell a documented error from a surprise.
struct ErrorCatalogue: Sendable {
    /// Status code → its error codes.
    private(set) var codes: [Int: Set<String>] = [:]

    /// The library's errors and `app`'s.
    init(app: [WebError]) {
        for error in Self.webLayer + NavigationError.clientErrorSamples.map({ WebError($0, requestID: "") }) + app {
            self.add(error.code, status: error.status.code)
        }
        for (status, code) in Self.others { self.add(code, status: status) }
    }

    private mutating func add(_ code: String, status: Int) {
        self.codes[status, default: []].insert(code)
    }

    /// The statuses with at least one code.
    var statuses: [Int] { self.codes.keys.sorted() }

    /// The web layer's own errors (see ``WebError``).
    private static let webLayer: [WebError] = [
        .notFound(""), .methodNotAllowed(allow: ""), .pathTooLong(limit: 0), .invalidCSRFToken, .crossOrigin,
        .unsupportedMediaType, .internalError(requestID: ""), .missingField(""),
        .tooManyRequestsInProgress, .tooManyNewSessions(retryAfter: .seconds(1)),
        .tooManyLiveStreams(limit: 0), .notAnEventSource,
        WebError(FormDecodingError.tooLarge(limit: 0), requestID: ""),
        WebError(FormDecodingError.malformedEscape, requestID: ""),
        WebError(MultipartSpoolError.fileTooLarge(limit: 0), requestID: ""),
        WebError(MultipartSpoolError.malformed(.truncated), requestID: ""),
    ]

    /// Errors answered outside the web layer: by the embedded server and the static files
    /// before a request reaches the app (`SignalboxHTTP`'s `ServerErrorResponse`), and by the
    /// durable session stores.
    private static let others: [(Int, String)] = [
        (400, "badRequest"), (408, "requestTimeout"), (413, "payloadTooLarge"), (500, "internalServerError"),
        (501, "notImplemented"), (503, "serviceUnavailable"),
        (503, "storageUnavailable"),
    ]
}

extension NavigationError {
    /// One value of every case a client can be answered with (every kind but `redirect`, which
    /// is answered as a 303, and `internalError`, a 500 with its own code), for the catalogue.
    static var clientErrorSamples: [NavigationError] {
        NavigationErrorCode.allCases.map(\.sample).filter { $0.kind != .redirect && $0.kind != .internalError }
    }
}
