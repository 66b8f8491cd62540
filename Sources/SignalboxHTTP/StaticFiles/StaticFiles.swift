import HTTPTypes

/// Serves files from a folder (`Public/`) in front of another ``Responder``.
///
/// `GET` and `HEAD` requests whose path names a regular file inside the root are answered here,
/// before the fallback runs (so asset requests never create sessions), with `Content-Type` from
/// the extension, `ETag`, `Last-Modified`, `Cache-Control`, and `304 Not Modified` when the
/// client's `If-None-Match` or `If-Modified-Since` still matches. Everything else goes to the
/// fallback.
///
/// It works on the raw, percent-encoded request target and never serves anything outside the
/// root: a `..` or `.` segment (plain or encoded as `%2e`), a backslash, or a NUL byte (`%00`) get
/// `400`; a symbolic link resolving outside the root gets `404`; a path with an encoded slash
/// (`%2F`), a dot-file segment (`.env`, `.git/`) or an editor's backup or swap file (`app.css~`,
/// `#app.css#`, `*.bak`, `*.swp`, `*.orig`) is never a file here and goes to the fallback, as do
/// absolute-form targets. Every answer carries the security headers of
/// `HTTPFields.addSecurityHeaders()`.
///
/// ```swift
/// let app: any Responder = TodoApp(…)
/// let site = StaticFiles(root: "Public", fallback: app)
/// let server = HTTPServer(configuration: .init(port: 8080), responder: site, logger: logger)
/// ```
///
/// It depends only on HTTPTypes and the Signalbox HTTP values, so it can be mounted in any server.
public struct StaticFiles: Responder {
    /// Caching and lookup options.
    public struct Configuration: Sendable {
        /// The `Cache-Control` value of file responses; `nil` sends none. The default, `no-cache`,
        /// lets browsers keep files but revalidate them (cheap `304`s) on every use.
        public var cacheControl: String?
        /// The file served for a path ending in `/` that names a directory, e.g. `"index.html"` serves
        /// `/docs/` from `docs/index.html`. The default, `nil`, sends directory paths (including `/`)
        /// to the fallback, so the app keeps its home page.
        public var indexFile: String?
        /// Files larger than this are not served (`404`): bodies are held in memory.
        public var maxFileSize: Int
        /// Only paths starting with this prefix are looked up (it is removed first), e.g.
        /// `"/assets"`. The default `"/"` looks up every path.
        public var urlPrefix: String

        /// Creates the default configuration.
        public init(
            cacheControl: String? = "no-cache",
            indexFile: String? = nil,
            maxFileSize: Int = 32 << 20,
            urlPrefix: String = "/"
        ) {
            self.cacheControl = cacheControl
            self.indexFile = indexFile
            self.maxFileSize = maxFileSize
            self.urlPrefix = urlPrefix
        }
    }

    /// The root folder, fully resolved (absolute, no symbolic links); `nil` when the folder does
    /// not exist, and then every request goes to the fallback.
    public let root: String?
    /// Caching and lookup options.
    public let configuration: Configuration
    private let fallback: any Responder
    /// The root's top-level names, so most app paths skip the file system.
    let listing: RootListing?

    /// Creates a static file responder.
    ///
    /// - Parameters:
    ///   - root: The folder to serve, e.g. `"Public"` (relative to the working directory).
    ///   - configuration: Caching and lookup options.
    ///   - fallback: Answers every request that is not a file in `root`.
    ///
    /// A `root` that does not exist is not an error: an app without static files serves none
    /// (check ``root`` to warn about a misspelt folder).
    public init(root: String, configuration: Configuration = .init(), fallback: any Responder) {
        self.root = FileSystem.realPath(root).flatMap { FileSystem.kind(of: $0) == .directory ? $0 : nil }
        self.listing = self.root.map { RootListing(root: $0) }
        self.configuration = configuration
        self.fallback = fallback
    }

    /// Answers from the root folder, or passes the request to the fallback.
    public func respond(to request: Request) async throws -> Response {
        if let response = self.response(for: request) {
            return response
        }
        return try await self.fallback.respond(to: request)
    }

    /// The response for a request that concerns the root folder, or `nil` when the request is for
    /// the fallback. Synchronous: reads the file on the calling thread.
    @_spi(Adapters) public func response(for request: Request) -> Response? {
        let method = request.method
        guard method == .get || method == .head, let root = self.root else { return nil }
        var response: Response?
        switch self.resolve(target: request.head.path ?? "", root: root) {
        case .notAFile:
            return nil
        case .badRequest(let reason):
            response = Self.error(.badRequest, reason, for: request)
        case .notFound:
            response = Self.error(.notFound, "not found", for: request)
        case .file(let path):
            response = self.serve(path: path, request: request)
        }
        response?.headerFields.addSecurityHeaders()
        return response
    }

    /// An error as plain text, or as JSON for a client that asks for it (a JSON client of the
    /// app behind must get JSON errors, whichever layer answers).
    static func error(_ status: HTTPResponse.Status, _ message: String, for request: Request) -> Response {
        ServerErrorResponse.make(
            status,
            message: message,
            json: ContentNegotiation.prefersJSON(request.headerFields.combinedValue(.accept))
        )
    }
}
