import Logging

extension HTTPServer {
    /// Starts the server, waits for `SIGINT` or `SIGTERM`, then shuts down gracefully.
    ///
    /// The signal handler is installed (and the signals blocked in the calling thread) before the
    /// daemon starts, so libmicrohttpd's threads inherit the mask.
    ///
    /// ```swift
    /// @main struct Demo {
    ///     static func main() async throws {
    ///         let server = HTTPServer(configuration: .init(port: 8080), responder: app, logger: logger)
    ///         try await server.runUntilSignalled()
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter signals: The signals that stop the server.
    /// - Returns: The signal that stopped the server.
    /// - Throws: ``HTTPServerError`` when the server cannot start or the handler cannot be installed.
    @discardableResult
    public func runUntilSignalled(
        _ signals: [SignalWaiter.Signal] = [.interrupt, .terminate]
    ) async throws(HTTPServerError) -> SignalWaiter.Signal {
        let waiter = try SignalWaiter(signals: signals)
        try self.start()
        let signal = await waiter.wait()
        self.logger.info("Signal received; shutting down", metadata: ["signal": "\(signal)"])
        await self.shutdown()
        return signal
    }
}
