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
    /// The page script fetching a live page again (`Signalbox-Live: refresh`): the page is
    /// shown without taking the session's notices or its return to an origin.
    var isLiveRefresh: Bool { self.request.headerFields[FieldNames.signalboxLive] != nil }
    let sessionCandidates: [SessionID]
    let requestID: String
    let logger: Logger
    /// Proxies whose forwarded address is believed (``WebApp/Configuration/trustedProxies``).
    let trustedProxies: Set<String>

    /// Who sent it (see ``ClientAddress``); `nil` when the server gave no peer address. Worked
    /// out when asked (a new session, a form), not for every request.
    var client: String? {
        ClientAddress.of(self.request, trustedProxies: self.trustedProxies)
    }

    /// The client, when the request came through a trusted proxy; `nil` otherwise (at no cost
    /// without trusted proxies).
    var proxiedClient: String? {
        guard !self.trustedProxies.isEmpty, let peer = self.request.clientAddress.map(ClientAddress.normalise),
            self.trustedProxies.contains(peer)
        else { return nil }
        return ClientAddress.forwarded(self.request, by: peer, trustedProxies: self.trustedProxies)
    }

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
        self.trustedProxies = trustedProxies
    }
}
