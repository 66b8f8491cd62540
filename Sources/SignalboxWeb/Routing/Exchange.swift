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
        self.requestID = RandomToken.hex(byteCount: 8)
    }
}

/// Reads `Accept`.
enum ContentNegotiation {
    /// Whether the client prefers JSON: `application/json` has a higher quality than
    /// `text/html` (browsers always list `text/html`; `*/*` counts for neither).
    static func prefersJSON(_ accept: String?) -> Bool {
        guard let accept else { return false }
        var json = 0.0
        var html = 0.0
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let first = parts.first else { continue }
            let type = first.trimmingSpaces.lowercased()
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let parameter = parameter.trimmingSpaces
                if parameter.lowercased().hasPrefix("q=") { quality = Double(parameter.dropFirst(2)) ?? 0 }
            }
            switch type {
            case "application/json": json = max(json, quality)
            case "text/html", "application/xhtml+xml": html = max(html, quality)
            default: break
            }
        }
        return json > 0 && json > html
    }
}
