import Metrics
import Prometheus
import ServiceLifecycle
import SignalboxHTTP
import SignalboxMHD
import SignalboxRunner
public import SignalboxWeb
import Synchronization
import TodoApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the todo demo on libmicrohttpd until SIGINT or SIGTERM: `todo-demo` and
/// `todo-demo-postgres` differ only in the ``TodoDemoBackend`` they pass.
public enum TodoDemoServer {
    /// Bootstraps logging (every line of a request carries its `request.id`) and metrics
    /// (Prometheus, served at `/metrics`), builds the backend, and serves.
    public static func run(
        _ options: TodoDemoOptions,
        backend makeBackend: (Logger) async throws -> TodoDemoBackend
    ) async throws {
        Self.bootstrapLogging(options)
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Pages take well under a millisecond to a few: the default buckets start at 5 ms.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(2.5),
        ]
        MetricsSystem.bootstrap(factory)
        let logger = Logger(label: "todo-demo")
        let backend = try await makeBackend(logger)
        try await self.serve(options, backend: backend, registry: registry, logger: logger)
    }

    private static func serve(
        _ options: TodoDemoOptions,
        backend: TodoDemoBackend,
        registry: PrometheusCollectorRegistry,
        logger: Logger
    ) async throws {
        let demo = try TodoDemoSite(options, backend: backend, logger: logger)
        let publicRoot = demo.publicFolder
        let files = StaticFiles(root: publicRoot, fallback: demo.app)
        if files.root == nil {
            logger.warning("no static files folder; serving none", metadata: ["public": "\(publicRoot)"])
        }
        let refresh = backend.refreshMetrics
        let metrics: @Sendable () async -> String = {
            await refresh?()
            return registry.emitToString()
        }
        let metricsAddress = options.metricsAddress.flatMap(TodoDemoOptions.hostAndPort)
        // With --metrics-address, /metrics is the app's like any unknown path (404) on its port.
        let site = OperationsResponder(
            readiness: backend.readiness,
            metrics: metricsAddress == nil ? metrics : nil,
            fallback: files
        )
        var configuration = HTTPServer.Configuration(host: options.host, port: options.port)
        if options.behindProxy { configuration.perIPConnectionLimit = 0 }
        configuration.taskExecutor = backend.taskExecutor
        let instance = Mutex("")
        let server = WebAppServer(
            responder: ServedBy(wrapped: site, enabled: options.dev) { instance.withLock { $0 } },
            configuration: configuration,
            logger: logger
        ) { url in
            instance.withLock { $0 = "\(url.dropFirst("http://".count)) pid \(getpid())" }
            StandardOutput.writeLine("Listening on \(url)")
            logger.info(
                "todo demo started",
                metadata: ["templates": "\(demo.templates)", "public": "\(publicRoot)", "dev": "\(options.dev)"]
            )
        }
        var services: [any Service] = []
        if let (host, port) = metricsAddress {
            services.append(
                WebAppServer(
                    responder: OperationsResponder(metrics: metrics, fallback: NotFound()),
                    configuration: HTTPServer.Configuration(host: host, port: port),
                    logger: logger
                ) { url in
                    StandardOutput.writeLine("Metrics on \(url)/metrics")
                }
            )
        }
        try await AppRunner.serve(server, services: services, logger: logger)
    }

    /// The folder given on the command line, else `name` in the current directory when it holds
    /// `marker`, else `name` in the repository this file was built from.
    static func folder(_ given: String?, named name: String, marker: String) throws -> String {
        if let given { return given }
        if access("\(name)/\(marker)", R_OK) == 0 { return name }
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // TodoDemoServer.swift, TodoDemoServer, Sources
        let repository = parts.joined(separator: "/") + "/" + name
        guard access("\(repository)/\(marker)", R_OK) == 0 else {
            throw FolderNotFound(name: name, looked: repository)
        }
        return repository
    }

    /// Logs to standard error at `--log-level` (default: `debug` with `--dev`, else `info`); every
    /// line written while a request is handled carries its `request.id`. Once per process.
    public static func bootstrapLogging(_ options: TodoDemoOptions) {
        let level = options.logLevel.flatMap(Logger.Level.init(rawValue:)) ?? (options.dev ? .debug : .info)
        LoggingSystem.bootstrap(
            { label, metadataProvider in
                var handler = StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
                handler.logLevel = level
                return handler
            },
            metadataProvider: .requestID
        )
    }

    /// IPv6 addresses go in brackets in URLs.
    public static func urlHost(_ host: String) -> String {
        WebAppServer.urlHost(host)
    }

    /// Writes the line a script waits for ("Listening on …") to standard output at once (see
    /// `StandardOutput`), for the adapters' examples that do not run a ``WebAppServer``.
    public static func announce(_ line: String) {
        StandardOutput.writeLine(line)
    }
}

/// The metrics server's answer to anything but its operations paths.
private struct NotFound: Responder {
    func respond(to request: Request) async throws -> Response {
        ServerErrorResponse.make(.notFound, message: "only /metrics, /healthz and /readyz are served here", json: false)
    }
}

/// A folder the demo needs is neither given, here, nor in the repository.
struct FolderNotFound: Error, CustomStringConvertible {
    var name: String
    var looked: String
    var description: String { "No \(self.name) folder here or at \(self.looked); pass --\(self.name.lowercased())." }
}
