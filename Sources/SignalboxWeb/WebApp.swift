import HTTPTypes
public import Logging
public import Signalbox
public import SignalboxHTTP

/// The web layer: turns HTTP requests into navigation on a per-session coordinator tree and
/// answers with HTML pages (or JSON for `Accept: application/json`).
///
/// Mount it in any server that speaks `SignalboxHTTP` (the libmicrohttpd server, an adapter,
/// or a test calling ``respond(to:)`` directly):
///
/// ```swift
/// let store = InMemoryTodoStore.demo()
/// let app = WebApp(
///     configuration: .init(secureCookies: true),
///     renderer: try MustacheRenderer(directory: "Templates"),  // over the library's own templates
///     logger: logger
/// ) {
///     NavigationTree(root: MainCoordinator(store: store))
/// }
/// let response = try await app.respond(to: request)
/// ```
///
/// Each request is resolved from its method and path, handled on its session (the tree
/// changes, the page's data loads) and presented as HTML or JSON after the session is released.
/// The HTTP contract (GET reshapes the tree to the path, `POST /_nav/*` runs router actions,
/// `POST <path>` delivers forms, CSRF and origin checks, JSON) is the DocC article
/// <doc:HTTPContract>.
public struct WebApp: Responder {
    /// Limits, timeouts and switches.
    public private(set) var configuration: Configuration
    let renderer: any TemplateRenderer
    let sessions: any SessionStore
    let clock: any SessionClock
    let logger: Logger
    let makeTree: @Sendable () -> NavigationTree
    private(set) var composer: PageComposer
    private(set) var errorPage: ErrorPage
    let formCodec: FormCodec
    let originPolicy: OriginPolicy
    let clientLimits: ClientLimits
    let live: LiveHub

    /// Creates the web layer.
    ///
    /// - Parameters:
    ///   - configuration: Limits, timeouts and switches.
    ///   - renderer: Renders `layout`, `errors/…`, `dev/…` and the screens' templates.
    ///   - sessions: Where sessions live; `nil` for a ``MemorySessionStore`` configured from
    ///     `configuration`'s timeouts and cap.
    ///   - clock: The time source for session expiry (inject ``ManualSessionClock`` in tests).
    ///   - liveRelay: Carries live-page announcements between the app's instances (see
    ///     ``LiveRelay``); `nil` (the default) for an app that runs in one process.
    ///   - logger: Where the web layer logs (it never bootstraps logging).
    ///   - makeTree: Builds a fresh tree for a new session.
    public init(
        configuration: Configuration = Configuration(),
        renderer: some TemplateRenderer,
        sessions: (any SessionStore)? = nil,
        clock: some SessionClock = .system,
        liveRelay: (any LiveRelay)? = nil,
        logger: Logger,
        makeTree: @escaping @Sendable () -> NavigationTree
    ) {
        self.configuration = configuration
        self.renderer = renderer
        self.sessions =
            sessions
            ?? MemorySessionStore(
                configuration: .init(
                    idleTimeout: configuration.idleTimeout,
                    absoluteTimeout: configuration.absoluteTimeout,
                    maxSessions: configuration.maxSessions
                )
            )
        self.clock = clock
        self.logger = logger
        self.makeTree = makeTree
        (self.composer, self.errorPage) = Self.presenters(renderer, configuration)
        self.formCodec = FormCodec(limits: configuration.formLimits)
        self.originPolicy = OriginPolicy(
            trustedOrigins: configuration.trustedOrigins,
            secure: configuration.secureCookies
        )
        self.clientLimits = ClientLimits(configuration)
        self.live = LiveHub(configuration.livePages, relay: liveRelay)
        if let error = renderer.loadError {
            logger.error("the templates do not load; pages answer 500 until they do", metadata: ["error": "\(error)"])
        }
        for name in ["layout", "errors/error"] + (configuration.developerTools ? ["dev/tree", "dev/routes"] : [])
        where !renderer.hasTemplate(named: name) {
            logger.error(
                "the renderer has no template \(name); pages that need it answer a built-in error page",
                metadata: ["template": "\(name)"]
            )
        }
    }

    /// Answers one request: resolves its route, handles it on the session (the tree changes
    /// and the page's data loads while the session is held), then presents the answer as HTML
    /// or JSON once the session is released. Never throws: every failure becomes an error page
    /// (a 500 shows only a request id; the details go to the log).
    ///
    /// A `HEAD` request is answered like `GET`, body included: the server sends the headers
    /// (with the body's `Content-Length`) and drops the body.
    public func respond(to request: Request) async throws -> Response {
        await self.respond(to: request, logger: self.logger)
    }

    /// Answers one request like ``respond(to:)``, logging its lines to `logger`: an embedding
    /// service passes its own per-request logger, so the web layer's lines carry the service's
    /// request metadata. Pass the service's request id as the request's ``/SignalboxHTTP/Request/id`` too: it is
    /// the id a 500 page shows.
    public func respond(to request: Request, logger: Logger) async -> Response {
        let started = ContinuousClock.now
        let exchange = self.exchange(request, logger: logger)
        let (response, kind) = await RequestLogContext.$requestID.withValue(exchange.requestID) {
            var kind = "invalid"
            let answer: Answer
            let proxied = exchange.proxiedClient
            let admitted = self.clientLimits.start(proxied)
            defer { if admitted { self.clientLimits.finish(proxied) } }
            do {
                guard admitted else {
                    throw WebError.tooManyRequestsInProgress
                }
                let route = try WebRoute(
                    method: exchange.method,
                    path: exchange.path,
                    query: exchange.request.target.query,
                    configuration: self.configuration
                )
                kind = route.metricsKind
                answer = try await RequestMemo.$current.withValue(RequestMemo()) {
                    try await self.handle(route, exchange)
                }
            } catch {
                answer = Answer(.error(self.webError(for: error, exchange), homePath: nil))
            }
            return (self.present(answer, exchange), kind)
        }
        let duration = ContinuousClock.now - started
        RequestMetrics.record(kind: kind, status: response.status, duration: duration)
        if self.configuration.developerTools {
            let line = DevelopmentLogLine.text(
                exchange,
                response,
                duration: duration,
                cookieName: self.configuration.cookieName
            )
            logger.info("\(line)")
        }
        logger.debug(
            "request",
            metadata: [
                "http.method": "\(exchange.method.rawValue)", "http.path": "\(exchange.path.prefix(256))",
                "http.status": "\(response.status.code)", "request.id": "\(exchange.requestID)",
                "duration": "\(duration)",
            ]
        )
        return response
    }

    /// The web layer's `413` for a request whose body a server stopped reading because it is
    /// larger than ``Configuration/maxFormBytes``: an adapter that collects bodies itself answers
    /// this, so the client sees the same error page (or JSON) as from any other limit.
    package func respondBodyTooLarge(to request: Request) -> Response {
        self.respondRefused(FormDecodingError.tooLarge(limit: self.configuration.maxFormBytes), to: request)
    }

    /// The web layer's answer to an upload refused while it was read (a limit of
    /// ``Configuration/uploads``: 413; a malformed body: 400), as `RequestBodyReader` gives it.
    func respondRefusedUpload(_ error: MultipartSpoolError, to request: Request) -> Response {
        self.respondRefused(error, to: request)
    }

    /// The error page (or JSON) for a request refused before it reached a session.
    private func respondRefused(_ error: any Error, to request: Request) -> Response {
        let exchange = self.exchange(request, logger: self.logger)
        return self.present(Answer(.error(self.webError(for: error, exchange), homePath: nil)), exchange)
    }

    /// The request with what every handler needs to know about it.
    private func exchange(_ request: Request, logger: Logger) -> Exchange {
        Exchange(
            request,
            cookieName: self.configuration.cookieName,
            trustedProxies: self.clientLimits.trustedProxies,
            logger: logger
        )
    }

    /// This app served under `path` instead of its configuration's ``Configuration/mountPath``,
    /// with the same sessions, renderer and tree factory. Adapters call it when they mount an app:
    ///
    /// ```swift
    /// let todo = app.mounted(at: "/todo")
    /// todo.configuration.mountPath   // /todo
    /// ```
    public func mounted(at path: MountPath) -> WebApp {
        var app = self
        app.configuration.mountPath = path
        (app.composer, app.errorPage) = Self.presenters(self.renderer, app.configuration)
        return app
    }

    /// What presents pages and error pages for `configuration` (its mount path, developer tools).
    private static func presenters(
        _ renderer: any TemplateRenderer,
        _ configuration: Configuration
    ) -> (PageComposer, ErrorPage) {
        (
            PageComposer(
                renderer: renderer,
                developerTools: configuration.developerTools,
                mount: configuration.mountPath
            ),
            ErrorPage(renderer: renderer, mount: configuration.mountPath)
        )
    }

    /// Removes expired sessions now and returns how many went. ``MemorySessionStore`` also
    /// sweeps by itself as requests arrive (at most once a minute).
    @discardableResult
    public func sweepExpiredSessions() async throws -> Int {
        try await self.sessions.sweep(now: self.clock.now)
    }

    /// The number of sessions the store holds.
    public var sessionCount: Int {
        get async throws { try await self.sessions.count }
    }

    /// The session cookie for `id`.
    func cookie(for id: SessionID) -> String {
        SessionCookie.setCookie(
            name: self.configuration.cookieName,
            id: id,
            path: self.configuration.mountPath.path,
            secure: self.configuration.secureCookies
        )
    }
}
