/// An error starting or running an ``HTTPServer``.
///
/// Match on ``code``; ``message`` carries the context (address, libmicrohttpd's own explanation).
///
/// ```swift
/// do {
///     try server.start()
/// } catch let error as HTTPServerError where error.code == .startFailed {
///     logger.critical("cannot listen", metadata: ["error": "\(error)"])
/// }
/// ```
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, without the context.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Sendable, Hashable {
            case invalidConfiguration
            case startFailed
            case alreadyStarted
            case signalHandling
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// A configuration value is out of range, or the host is not a numeric address.
        public static var invalidConfiguration: Self { Self(.invalidConfiguration) }
        /// libmicrohttpd could not start, usually because the address is taken or not local.
        public static var startFailed: Self { Self(.startFailed) }
        /// ``HTTPServer/start()`` was called on a server that was already started (servers are single-use).
        public static var alreadyStarted: Self { Self(.alreadyStarted) }
        /// ``SignalWaiter`` could not install its signal handlers.
        public static var signalHandling: Self { Self(.signalHandling) }

        public var description: String {
            switch self.base {
            case .invalidConfiguration: "invalid configuration"
            case .startFailed: "start failed"
            case .alreadyStarted: "already started"
            case .signalHandling: "signal handling"
            }
        }
    }

    /// What went wrong.
    public let code: Code
    /// A human-readable explanation with context, e.g. the address that could not be bound.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String {
        "HTTPServerError(\(self.code)): \(self.message)"
    }
}
