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
    /// Who sent it (see ``ClientAddress``); `nil` when the server gave no peer address.
    let client: String?
    /// Whether the peer is a trusted proxy (``client`` is then the forwarded address).
    let isProxied: Bool

    init(_ request: Request, cookieName: String, trustedProxies: Set<String>, logger: Logger) {
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
        self.client = ClientAddress.of(request, trustedProxies: trustedProxies)
        self.isProxied =
            !trustedProxies.isEmpty
            && request.clientAddress.map { trustedProxies.contains(ClientAddress.normalise($0)) } == true
    }
}
