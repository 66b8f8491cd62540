import HTTPTypes
import SignalboxHTTP

/// One request as the web layer reads it: method, raw path, what the client accepts, its
/// session cookie candidates and a request id for logs and 500 pages.
struct Exchange {
    let request: Request
    let method: HTTPRequest.Method
    /// The raw (percent-encoded) path, without the query.
    let path: String
    let wantsJSON: Bool
    let sessionCandidates: [SessionID]
    let requestID: String

    init(_ request: Request, cookieName: String) {
        self.request = request
        self.method = request.method
        self.path = request.target.path
        self.wantsJSON = ContentNegotiation.prefersJSON(request.headerFields[.accept])
        self.sessionCandidates = SessionCookie.candidates(in: request.headerFields[.cookie], name: cookieName)
        self.requestID = request.id
    }
}
