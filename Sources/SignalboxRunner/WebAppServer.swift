public import Logging
public import ServiceLifecycle
public import SignalboxHTTP
public import SignalboxMHD

/// The embedded libmicrohttpd server as a swift-service-lifecycle `Service`: it starts
/// accepting, announces its URL, serves until the service group shuts down gracefully (a signal,
/// or another service ending), then stops accepting and finishes the requests in flight.
///
/// ```swift
/// let server = WebAppServer(responder: app, configuration: .init(host: "127.0.0.1", port: 0), logger: logger)
/// let group = ServiceGroup(configuration: .init(
///     services: [.init(service: database), .init(service: server)],   // the server stops first
///     gracefulShutdownSignals: [.sigterm, .sigint],
///     logger: logger
/// ))
/// try await group.run()
/// ```
public struct WebAppServer: Service {
    /// Where and how the server listens.
    public let configuration: HTTPServer.Configuration
    let responder: any Responder
    let logger: Logger
    let onListening: @Sendable (String) -> Void

    /// A server for `responder` (a ``/SignalboxWeb/WebApp``, or ``/SignalboxHTTP/StaticFiles`` in front of one).
    ///
    /// - Parameters:
    ///   - responder: What the server answers with.
    ///   - configuration: Where and how the server listens.
    ///   - logger: The server's logger.
    ///   - onListening: Called with the server's URL (`http://127.0.0.1:8080`, the port
    ///     the system chose for port 0) once it accepts connections. The default writes
    ///     `Listening on URL` to standard output, unbuffered, so a script reading a pipe sees it
    ///     at once.
    public init(
        responder: any Responder,
        configuration: HTTPServer.Configuration,
        logger: Logger,
        onListening: @escaping @Sendable (String) -> Void = { StandardOutput.writeLine("Listening on \($0)") }
    ) {
        self.responder = responder
        self.configuration = configuration
        self.logger = logger
        self.onListening = onListening
    }

    /// Serves until a graceful shutdown or cancellation; throws only when the server cannot
    /// start (the port is taken, say).
    public func run() async throws {
        let server = HTTPServer(configuration: self.configuration, responder: self.responder, logger: self.logger)
        try server.start()
        let url = "http://\(Self.urlHost(self.configuration.host)):\(server.port)"
        self.onListening(url)
        self.logger.info("serving", metadata: ["url": "\(url)"])
        // Returns on graceful shutdown; throws CancellationError when cancelled first: stop either way.
        try? await gracefulShutdown()
        self.logger.info("shutting down")
        await server.shutdown()
        self.logger.info("stopped")
    }

    /// IPv6 addresses go in brackets in URLs.
    package static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
