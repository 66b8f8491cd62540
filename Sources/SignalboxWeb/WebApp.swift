import HTTPTypes
public import Logging
public import Signalbox
public import SignalboxHTTP

/// The web layer: turns HTTP requests into navigation on a per-session coordinator tree and
/// answers with HTML pages (or JSON for `Accept: application/json`).
///
/// Mount it in any server that speaks ``SignalboxHTTP`` (the libmicrohttpd server, an adapter,
/// or a test calling ``respond(to:)`` directly):
///
/// ```swift
/// let store = TodoStore()
/// let app = WebApp(
///     configuration: .init(secureCookies: true),
///     renderer: try MustacheRenderer(directory: "Templates"),
///     logger: logger
/// ) {
///     NavigationTree(root: MainCoordinator(store: store))
/// }
/// let response = try await app.respond(to: request)
/// ```
///
/// The HTTP contract (GET reshapes the tree to the path, `POST /_nav/*` runs router actions,
/// `POST <path>` delivers forms, CSRF and origin checks, JSON) is described in
/// the README ("Requests → navigation: the HTTP contract").
public struct WebApp: Responder {
    /// Limits, timeouts and switches.
    public let configuration: Configuration
    let renderer: any TemplateRenderer
    let sessions: any SessionStore
    let clock: any SessionClock
    let logger: Logger
    let makeTree: @Sendable () -> NavigationTree
    let composer: PageComposer
    let errorPage: ErrorPage
    let formCodec: FormCodec
    let originPolicy: OriginPolicy

    /// Creates the web layer.
    ///
    /// - Parameters:
    ///   - configuration: Limits, timeouts and switches.
    ///   - renderer: Renders `layout`, `errors/…`, `dev/…` and the screens' templates.
    ///   - sessions: Where sessions live; `nil` for a ``MemorySessionStore`` configured from
    ///     `configuration`'s timeouts and cap.
    ///   - clock: The time source for session expiry (inject ``ManualSessionClock`` in tests).
    ///   - logger: Where the web layer logs (it never bootstraps logging).
    ///   - makeTree: Builds a fresh tree for a new session.
    public init(
        configuration: Configuration = Configuration(),
        renderer: some TemplateRenderer,
        sessions: (any SessionStore)? = nil,
        clock: some SessionClock = .system,
        logger: Logger,
        makeTree: @escaping @Sendable () -> NavigationTree
    ) {
        self.configuration = configuration
        self.renderer = renderer
        self.sessions =
            sessions
            ?? MemorySessionStore(
                configuration: .init(
                    idleTimeout: configuration.idleTimeout, absoluteTimeout: configuration.absoluteTimeout,
                    maxSessions: configuration.maxSessions))
        self.clock = clock
        self.logger = logger
        self.makeTree = makeTree
        self.composer = PageComposer(renderer: renderer, developerTools: configuration.developerTools)
        self.errorPage = ErrorPage(renderer: renderer)
        self.formCodec = FormCodec(limits: configuration.formLimits)
        self.originPolicy = OriginPolicy(trustedOrigins: configuration.trustedOrigins)
    }

    /// Answers one request. Never throws: every failure becomes an error page (a 500 shows only
    /// a request id; the details go to the log).
    public func respond(to request: Request) async throws -> Response {
        let exchange = Exchange(request, cookieName: self.configuration.cookieName)
        var response: Response
        do {
            response = try await self.route(exchange)
        } catch {
            response = self.failure(error, exchange, homePath: nil)
        }
        response.addStandardHeaders()
        if response.status == .internalServerError {
            response.headerFields[FieldNames.xRequestID] = exchange.requestID
        }
        if exchange.method == .head { response.body = [] }
        self.logger.debug(
            "request",
            metadata: [
                "http.method": "\(exchange.method.rawValue)", "http.path": "\(exchange.path.prefix(256))",
                "http.status": "\(response.status.code)", "request.id": "\(exchange.requestID)",
            ])
        return response
    }

    /// Removes expired sessions; call it periodically (say every minute) so closed tabs do not
    /// hold memory until their id is used again. Returns how many sessions went.
    @discardableResult
    public func sweepExpiredSessions() async throws -> Int {
        try await self.sessions.sweep(now: self.clock.now)
    }

    /// The number of sessions the store holds.
    public var sessionCount: Int {
        get async throws { try await self.sessions.count }
    }

    private func route(_ exchange: Exchange) async throws -> Response {
        let path = exchange.path
        try self.checkLength(path)
        if path == "/_nav" || path.hasPrefix("/_nav/") {
            guard exchange.method == .post else { throw WebError.methodNotAllowed(allow: "POST") }
            guard let action = NavigationAction(path: path) else {
                throw WebError.notFound("There is no navigation action \(path.prefix(64)).")
            }
            return try await self.perform(action, exchange)
        }
        if path == "/_dev" || path.hasPrefix("/_dev/") {
            guard self.configuration.developerTools, path == DevTree.path || path == Self.sessionStatsPath else {
                throw WebError.notFound("There is no page at \(path.prefix(64)).")
            }
            guard exchange.method == .get || exchange.method == .head else {
                throw WebError.methodNotAllowed(allow: "GET, HEAD")
            }
            if path == Self.sessionStatsPath { return try await self.sessionStats() }
            return try await self.developerTree(exchange)
        }
        try PathLimits.refuseNUL(in: path)
        if PathLimits.segmentCount(of: path) > self.configuration.maxDepth * 3 + 4 {
            throw NavigationError.tooDeep(limit: self.configuration.maxDepth)
        }
        switch exchange.method {
        case .get, .head: return try await self.page(exchange)
        case .post: return try await self.submit(exchange)
        default: throw WebError.methodNotAllowed(allow: "GET, HEAD, POST")
        }
    }

    /// Runs `body` on the request's session, trying each well-formed cookie value; `nil` when
    /// none names a live session.
    func withSession<Result: Sendable>(
        _ exchange: Exchange, _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        let now = self.clock.now
        for id in exchange.sessionCandidates {
            if let result = try await self.sessions.withSession(id: id, now: now, body) { return result }
        }
        return nil
    }

    /// The error response for `error`; 500s are logged with the request id.
    func failure(_ error: any Error, _ exchange: Exchange, homePath: String?) -> Response {
        let webError = WebError(error, requestID: exchange.requestID)
        if webError.status == .internalServerError {
            self.logger.error(
                "request failed",
                metadata: [
                    "request.id": "\(exchange.requestID)", "http.path": "\(exchange.path.prefix(256))",
                    "error.message": "\(String(describing: error).prefix(1000))",
                ])
        }
        return self.errorPage.response(for: webError, json: exchange.wantsJSON, homePath: homePath)
    }

    /// Refuses a path (or route input) longer than ``Configuration/maxPathBytes``.
    func checkLength(_ path: String) throws(WebError) {
        if path.utf8.count > self.configuration.maxPathBytes {
            throw .pathTooLong(limit: self.configuration.maxPathBytes)
        }
    }

    /// The session cookie for `id`.
    func cookie(for id: SessionID) -> String {
        SessionCookie.setCookie(name: self.configuration.cookieName, id: id, secure: self.configuration.secureCookies)
    }
}

enum PathLimits {
    static func segmentCount(of path: String) -> Int {
        path.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
    }

    /// A NUL byte (`%00`) is refused in every path the web layer applies (request paths and
    /// `from`): the core would take it as part of an input, and no page of a site has one.
    static func refuseNUL(in path: String) throws(NavigationError) {
        if path.utf8.contains(0) || path.contains("%00") {
            throw .malformedPath(path: String(path.prefix(128)), reason: "a NUL byte (%00) is not allowed")
        }
    }
}
