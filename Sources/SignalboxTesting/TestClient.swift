public import HTTPTypes
public import SignalboxHTTP
public import SignalboxWeb

/// A browser for tests: a cookie jar, the last CSRF token seen, form encoding, and requests to a
/// ``/SignalboxHTTP/Responder`` in-process (no sockets) or to a live server over loopback.
///
/// ```swift
/// let client = TestClient(app)                                   // in-process
/// try await client.get("/unauthenticated")                       // sets the session cookie, reads the CSRF token
/// let login = try await client.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
/// #expect(login.status == .seeOther)
/// let home = try await client.follow(login)
/// #expect(home.body.contains("Hello, alice"))
/// ```
///
/// Every `post` adds the CSRF token of the last page or JSON answer (`csrf: ""` sends none, any
/// other string that token instead). `json: true` asks for the JSON answer.
///
/// A client of a ``/SignalboxWeb/WebApp`` checks every answer against the app's ``/SignalboxWeb/OpenAPIDocument``
/// (``contract``): an undocumented status, content type or JSON shape throws
/// ``ContractViolation``. List your screens' own errors in
/// ``/SignalboxWeb/WebApp/Configuration/openAPI`` (or set ``contract`` to `nil`). Building the document calls
/// the app's route factories with sample inputs (see ``/Signalbox/RouteMap``).
public final class TestClient {
    /// Where requests go.
    public enum Transport: Sendable {
        /// Straight into ``/SignalboxHTTP/Responder/respond(to:)``. `HEAD` answers keep their body, as
        /// responders return it; servers drop it.
        case inProcess(any Responder)
        /// Over a TCP connection to `127.0.0.1:port` (one connection per request).
        case loopback(port: Int)
    }

    public let transport: Transport
    /// Cookie name → value, updated from every `Set-Cookie`.
    public var cookies: [String: String] = [:]
    /// The CSRF token of the last page or JSON answer that carried one.
    public var csrf: String?
    /// Header fields sent with every request.
    public var headers: [(HTTPField.Name, String)] = []
    /// The request's authority (`Host`) for in-process requests.
    public var authority: String
    /// The peer address in-process requests come from (``/SignalboxHTTP/Request/clientAddress``), for
    /// per-client limits; `nil` (the default): none, as for a caller that cannot tell.
    public var clientAddress: String?
    /// The session cookie's name (``/SignalboxWeb/WebApp/Configuration/cookieName``).
    public var sessionCookieName = "signalbox_session"
    /// The contract every answer is checked against (`nil`: none). Set for a ``/SignalboxWeb/WebApp``.
    public var contract: APIContract?

    /// A client over `transport`.
    public init(_ transport: Transport, authority: String = "localhost:8080") {
        self.transport = transport
        self.authority = authority
    }

    /// A client calling `responder` in-process.
    public convenience init(_ responder: some Responder, authority: String = "localhost:8080") {
        self.init(.inProcess(responder), authority: authority)
        if let app = responder as? WebApp {
            self.contract = APIContract(OpenAPIDocument(app: app))
            self.sessionCookieName = app.configuration.cookieName
        }
    }

    /// The session id in the jar.
    public var sessionID: SessionID? {
        self.cookies[self.sessionCookieName].flatMap(SessionID.init(rawValue:))
    }

    /// `GET` (or another method without a body) `path`.
    @discardableResult
    public func get(
        _ path: String,
        json: Bool = false,
        method: HTTPRequest.Method = .get,
        headers: [(HTTPField.Name, String)] = []
    ) async throws -> TestResponse {
        try await self.send(method: method, path: path, json: json, headers: headers)
    }

    /// POSTs `fields`, urlencoded, with the jar's CSRF token unless `csrf` is given (`""` for none).
    @discardableResult
    public func post(
        _ path: String,
        _ fields: KeyValuePairs<String, String> = [:],
        csrf: String? = nil,
        json: Bool = false,
        headers: [(HTTPField.Name, String)] = []
    ) async throws -> TestResponse {
        try await self.post(path, fields.map { ($0.key, $0.value) }, csrf: csrf, json: json, headers: headers)
    }

    /// POSTs `fields` in order (names may repeat), urlencoded; `csrf` as above.
    @discardableResult
    public func post(
        _ path: String,
        _ fields: [(String, String)],
        csrf: String? = nil,
        json: Bool = false,
        headers: [(HTTPField.Name, String)] = []
    ) async throws -> TestResponse {
        var pairs = fields
        let token = csrf ?? self.csrf ?? ""
        if !token.isEmpty { pairs.insert(("_csrf", token), at: 0) }
        return try await self.send(
            method: .post,
            path: path,
            json: json,
            body: Array(FormEncoding.encode(pairs).utf8),
            headers: [(.contentType, "application/x-www-form-urlencoded")] + headers
        )
    }

    /// Follows a `303 See Other` with a `GET`, as browsers do after a form; other answers are
    /// returned as they are.
    @discardableResult
    public func follow(_ response: TestResponse) async throws -> TestResponse {
        guard response.status == .seeOther, let location = response.location else { return response }
        return try await self.get(location, json: response.contentType == "application/json")
    }

    /// Sends one request with the jar's cookies and `Accept` for HTML or JSON, then updates the
    /// jar and the CSRF token from the answer.
    public func send(
        method: HTTPRequest.Method,
        path: String,
        json: Bool = false,
        body: [UInt8] = [],
        headers: [(HTTPField.Name, String)] = []
    ) async throws -> TestResponse {
        var fields = HTTPFields()
        fields[.accept] = json ? "application/json" : "text/html,application/xhtml+xml,*/*;q=0.8"
        if !self.cookies.isEmpty {
            fields[.cookie] = self.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: "; ")
        }
        for (name, value) in self.headers + headers {
            if name == .accept { fields[.accept] = value } else { fields.append(HTTPField(name: name, value: value)) }
        }
        let head = HTTPRequest(method: method, scheme: nil, authority: self.authority, path: path, headerFields: fields)
        let request = Request(head: head, body: body, clientAddress: self.clientAddress)
        let response = TestResponse(try await self.exchange(request))
        for cookie in response.setCookies {
            let pair = cookie.split(separator: ";", omittingEmptySubsequences: false)[0]
            if let equals = pair.firstIndex(of: "=") {
                self.cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
        }
        if let token = response.csrfToken { self.csrf = token }
        if let problems = self.contract?.problems(method, path, response), !problems.isEmpty {
            throw ContractViolation(method: method, target: path, status: response.status.code, problems: problems)
        }
        return response
    }

    private func exchange(_ request: Request) async throws -> Response {
        switch self.transport {
        case .inProcess(let responder):
            return try await responder.respond(to: request)
        case .loopback(let port):
            let method = request.method.rawValue
            let target = request.head.path ?? "/"
            let fields = request.headerFields.map { ($0.name.rawName, $0.value) }
            let body = request.body
            let raw = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest(method, target, headers: fields, body: body)
                return try client.readResponse(isHead: method == "HEAD")
            }
            var headerFields = HTTPFields()
            for (name, value) in raw.headers {
                if let name = HTTPField.Name(name) { headerFields.append(HTTPField(name: name, value: value)) }
            }
            return Response(status: .init(code: raw.status), headerFields: headerFields, body: raw.body)
        }
    }
}

/// An answer that does not match the app's ``/SignalboxWeb/OpenAPIDocument``.
public struct ContractViolation: Error, CustomStringConvertible {
    /// The request's method and target, and the answer's status.
    public var method: HTTPRequest.Method
    public var target: String
    public var status: Int
    /// What does not match.
    public var problems: [String]

    /// The request, the status and every problem, one per line.
    public var description: String {
        "\(self.method.rawValue) \(self.target) answered \(self.status), which does not match the OpenAPI document:\n"
            + self.problems.joined(separator: "\n")
    }
}
