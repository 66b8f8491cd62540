import HTTPTypes
import Logging
import SignalboxHTTP

/// One request as the web layer reads it: method, raw path, what the client accepts, its
/// session cookie candidates, and a request id and logger for its log lines and 500 page.
struct Exchange {
    let request: Request
    let method: HTTPRequest.Method
    /// The raw (percent-encoded) request path, without the query: the public URL, mount path
    /// included (``WebRoute`` resolves the app path from it).
    let path: String
    let wantsJSON: Bool
    /// GET or HEAD: the methods a page may be revalidated with (`If-None-Match` → 304).
    var isSafeMethod: Bool { self.method == .get || self.method == .head }
    let sessionCandidates: [SessionID]
    let requestID: String
    let logger: Logger

    init(_ request: Request, cookieName: String, logger: Logger) {
        self.request = request
        self.method = request.method
        self.path = request.target.path
        self.wantsJSON = ContentNegotiation.prefersJSON(request.headerFields.combinedValue(.accept))
        self.sessionCandidates = SessionCookie.candidates(
            in: request.headerFields.combinedValue(.cookie),
            name: cookieName
        )
        self.requestID = request.id
        self.logger = logger
    }
}
