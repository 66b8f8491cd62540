public import Logging
public import SignalboxHTTP
public import SignalboxMHD

/// Serves `responder` on the embedded libmicrohttpd server on a free loopback port for the
/// duration of `body`, then shuts it down (also when `body` throws).
///
/// ```swift
/// try await withLiveServer(app) { server in
///     let client = TestClient(.loopback(port: server.port))
///     #expect(try await client.get("/", method: .head).headerFields[.contentLength] != "0")
/// }
/// ```
///
/// - Parameters:
///   - responder: What the server answers with.
///   - logger: The server's logger (quiet by default).
///   - configure: Adjusts the server's configuration (limits, timeouts) before it starts.
///   - body: Runs while the server listens; the server stops when it returns or throws.
public func withLiveServer<T>(
    _ responder: some Responder,
    logger: Logger = Logger(label: "signalbox-testing", factory: { _ in SwiftLogNoOpLogHandler() }),
    configure: (inout HTTPServer.Configuration) -> Void = { _ in },
    _ body: (HTTPServer) async throws -> T
) async throws -> T {
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
    configuration.threadPoolSize = 2
    configuration.shutdownGracePeriod = .seconds(5)
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, responder: responder, logger: logger)
    try server.start()
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}
