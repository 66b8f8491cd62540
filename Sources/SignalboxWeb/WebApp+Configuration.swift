extension WebApp {
    /// Limits, timeouts and switches of the web layer. The defaults suit a development server;
    /// set ``secureCookies`` behind TLS.
    public struct Configuration: Sendable {
        /// Where the app is served (default `/`): with `/todo`, every link, form action,
        /// redirect, JSON path, asset URL and the cookie's `Path` start with `/todo`, and requests
        /// outside it answer 404. Adapters that mount an app (``WebApp/mounted(at:)``) set it.
        public var mountPath: MountPath
        /// The session cookie's name.
        public var cookieName: String
        /// Adds `Secure` to the session cookie (serve over HTTPS when on).
        public var secureCookies: Bool
        /// A session unused for this long expires (default 30 minutes).
        public var idleTimeout: Duration
        /// A session expires this long after it was created, however busy (default 8 hours).
        public var absoluteTimeout: Duration
        /// The most live sessions; beyond it the least recently used are evicted (default 100 000).
        public var maxSessions: Int
        /// The largest form body accepted, in bytes (default 64 KiB; larger → 413).
        public var maxFormBytes: Int
        /// The most fields in one form (default 100; more → 413).
        public var maxFormFields: Int
        /// The longest decoded form field name or value, in bytes (default 32 KiB; longer → 413).
        public var maxFieldBytes: Int
        /// The largest draft of a form kept (`POST /_draft`: its fields' names and values, in
        /// bytes; default 16 KiB; larger → 413). A session keeps ``/Signalbox/NavigationTree/draftLimit`` drafts.
        public var maxDraftBytes = 16 * 1024
        /// The longest request path, `from` path or route `input` accepted, in bytes (default
        /// 8 KiB; longer → 414), so a huge input never reaches a tree or the pages' links.
        public var maxPathBytes: Int
        /// The deepest navigation a request path may describe; longer paths are refused (400)
        /// before they reach a tree. Give `makeTree`'s trees the same limit.
        public var maxDepth: Int
        /// Developer mode (default off): the pages `/_dev/tree`, `/_dev/routes`, `/_dev/sessions`
        /// and `/_dev/openapi.json`; a template that fails (with a ``ReloadingMustacheRenderer``,
        /// one being edited) shown in the browser with its file, line and column; error details on
        /// error pages; and one log line per request (method, path, status, duration, session).
        public var developerTools: Bool
        /// Origins (`https://example.com`) accepted in a POST's `Origin` header besides the
        /// request's own host, e.g. the public origin when a proxy rewrites `Host`.
        public var trustedOrigins: [String]
        /// Form fields never shown back after a rejected form, in HTML or JSON: a field whose
        /// name contains one of these, ignoring case (default: `passw`, `secret`, `token`, so
        /// `password`, `newPassword`, `passwordConfirmation`, `apiToken`…).
        public var secretFields: [String]
        /// The title, version and app errors of the app's OpenAPI document (``OpenAPIDocument``).
        public var openAPI: OpenAPIDocument.Info
        /// Whether browsers keep pages to revalidate them (default ``PageCaching/noStore``).
        public var pageCaching: PageCaching
        /// Addresses of reverse proxies whose `X-Forwarded-For` names the client (default none):
        /// per-client limits then count the forwarded address, not the proxy's. List only proxies
        /// you run; a client's own `X-Forwarded-For` is ignored unless its peer is listed.
        public var trustedProxies: [String]
        /// New sessions one client (address) may start per minute (default 600; 0: no limit).
        /// Past it a page that would start a session answers 429 with `Retry-After`, so one
        /// address cannot fill the session store. Requests without a peer address (some
        /// in-process callers) are not limited.
        public var newSessionsPerMinute: Int
        /// Requests one client behind a trusted proxy may have in progress at once (default 256;
        /// 0: no limit); past it 429. A client connected directly is held by the server's own
        /// per-address connection limit instead.
        public var maxRequestsPerProxiedClient: Int
        /// Limits on `multipart/form-data` forms (file uploads): per file (default 10 MiB), per
        /// body (20 MiB), files (10), fields and field length (as ``maxFormFields`` and
        /// ``maxFieldBytes``). Past one: 413 naming it. Give the embedded server the same limits
        /// (`HTTPServer.Configuration.uploads`) so it enforces them as the body arrives.
        public var uploads: MultipartSpooler.Limits
        /// Live pages: their event streams' limits, heartbeat and lifetimes (see ``LivePages``).
        public var livePages = LivePages()

        /// The defaults suit development; set `secureCookies` behind TLS.
        public init(
            mountPath: MountPath = .root,
            cookieName: String = "signalbox_session",
            secureCookies: Bool = false,
            idleTimeout: Duration = .seconds(1800),
            absoluteTimeout: Duration = .seconds(8 * 3600),
            maxSessions: Int = 100_000,
            maxFormBytes: Int = 64 * 1024,
            maxFormFields: Int = 100,
            maxFieldBytes: Int = 32 * 1024,
            maxPathBytes: Int = 8 * 1024,
            maxDepth: Int = 64,
            developerTools: Bool = false,
            trustedOrigins: [String] = [],
            secretFields: [String] = ["passw", "secret", "token"],
            openAPI: OpenAPIDocument.Info = OpenAPIDocument.Info(),
            pageCaching: PageCaching = .noStore,
            trustedProxies: [String] = [],
            newSessionsPerMinute: Int = 600,
            maxRequestsPerProxiedClient: Int = 256,
            uploads: MultipartSpooler.Limits = MultipartSpooler.Limits(maxFileBytes: 10 << 20, maxBytes: 20 << 20)
        ) {
            self.mountPath = mountPath
            self.cookieName = cookieName
            self.secureCookies = secureCookies
            self.idleTimeout = idleTimeout
            self.absoluteTimeout = absoluteTimeout
            self.maxSessions = maxSessions
            self.maxFormBytes = maxFormBytes
            self.maxFormFields = maxFormFields
            self.maxFieldBytes = maxFieldBytes
            self.maxPathBytes = maxPathBytes
            self.maxDepth = maxDepth
            self.developerTools = developerTools
            self.trustedOrigins = trustedOrigins
            self.secretFields = secretFields
            self.openAPI = openAPI
            self.pageCaching = pageCaching
            self.trustedProxies = trustedProxies
            self.newSessionsPerMinute = newSessionsPerMinute
            self.maxRequestsPerProxiedClient = maxRequestsPerProxiedClient
            var uploads = uploads
            uploads.maxFields = min(uploads.maxFields, maxFormFields)
            uploads.maxFieldBytes = min(uploads.maxFieldBytes, maxFieldBytes)
            self.uploads = uploads
        }

        /// Whether the form field `name` is secret (see ``secretFields``).
        func isSecretField(_ name: String) -> Bool {
            let name = name.lowercased()
            return self.secretFields.contains { !$0.isEmpty && name.contains($0.lowercased()) }
        }

        /// The form limits as a ``FormCodec/Limits``.
        var formLimits: FormCodec.Limits {
            FormCodec.Limits(
                maxBytes: self.maxFormBytes,
                maxFields: self.maxFormFields,
                maxFieldBytes: self.maxFieldBytes
            )
        }
    }
}
