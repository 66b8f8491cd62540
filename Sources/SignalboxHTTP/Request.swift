public import HTTPTypes

/// An HTTP request as every Signalbox server hands it to a ``Responder``.
///
/// The head is an `HTTPRequest` whose `path` is the **raw request target**: the path with its
/// percent-encoding and the query string intact, exactly as the client sent it.
///
/// ```swift
/// let request = Request(head: HTTPRequest(method: .get, scheme: nil, authority: "localhost", path: "/todos?x=1"))
/// request.target.path   // "/todos"
/// request.target.query  // "x=1"
/// ```
public struct Request: Sendable {
    /// Method, raw request target, and header fields.
    public var head: HTTPRequest
    /// The complete request body (empty for requests without one, and for a
    /// `multipart/form-data` body the server read into ``multipart``).
    public var body: [UInt8]
    /// A `multipart/form-data` body the server read as it arrived: its text fields, and its files
    /// in temporary files that the server removes when the request is over.
    public var multipart: MultipartForm?
    /// The peer's address (`"127.0.0.1"`, `"::1"`), when the server knows it.
    public var clientAddress: String?
    /// The id that names this request in every log line (the server's and the web layer's) and
    /// on a 500 page. Servers pass their own (a proxy's `X-Request-ID`, say); the default is a
    /// fresh 16-hex-digit id.
    public var id: String

    public init(
        head: HTTPRequest,
        body: [UInt8] = [],
        multipart: MultipartForm? = nil,
        clientAddress: String? = nil,
        id: String? = nil
    ) {
        self.head = head
        self.body = body
        self.multipart = multipart
        self.clientAddress = clientAddress
        self.id = id ?? RequestID.next()
    }

    /// The HTTP method.
    public var method: HTTPRequest.Method { self.head.method }

    /// The header fields.
    public var headerFields: HTTPFields { self.head.headerFields }

    /// The raw request target split into its (still percent-encoded) path and query.
    public var target: RequestTarget { RequestTarget(self.head.path ?? "/") }
}

/// A raw request target split at the first `?`. Neither part is decoded.
public struct RequestTarget: Sendable, Hashable {
    /// The percent-encoded path, e.g. `/todos/a%2Fb`.
    public var path: String
    /// The query string without its `?`, or `nil` when the target has none.
    public var query: String?

    public init(_ raw: String) {
        // Byte-wise: every request splits its target (a `Character` search costs far more).
        if let offset = raw.withUTF8Bytes({ $0.firstIndex(of: UInt8(ascii: "?")) }) {
            let mark = raw.utf8.index(raw.utf8.startIndex, offsetBy: offset)
            self.path = String(raw[..<mark])
            self.query = String(raw[raw.utf8.index(after: mark)...])
        } else {
            self.path = raw
            self.query = nil
        }
    }
}
