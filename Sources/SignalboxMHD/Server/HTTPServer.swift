public import Logging
public import SignalboxHTTP
import Synchronization

/// An embedded HTTP/1.1 server on GNU libmicrohttpd that hands every request to a ``/SignalboxHTTP/Responder``.
///
/// libmicrohttpd parses requests on an epoll thread pool; the server turns each complete request
/// into a ``/SignalboxHTTP/Request`` (an `HTTPRequest` head with the raw request target, the body and the client
/// address), runs the responder, and writes its ``/SignalboxHTTP/Response``. A responder that finishes without
/// suspending is answered on the libmicrohttpd thread; one that awaits is moved off it (the
/// connection is suspended until the response is ready).
///
/// The server itself answers what the responder never sees: `400` for an invalid method, field
/// name or request target (bytes outside visible ASCII), `413` for bodies over
/// ``Configuration/maxBodySize``, `500` with a request id when the responder throws.
/// libmicrohttpd answers `414`, `431` and `505`. A connection whose request head does not arrive
/// within ``Configuration/connectionTimeout`` is closed, however steadily it trickles in.
///
/// ```swift
/// let app = ClosureResponder { request in
///     Response(status: .ok, contentType: "text/plain; charset=utf-8", body: "hello\n")
/// }
/// let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0), responder: app, logger: logger)
/// try server.start()
/// print("listening on port \(server.port)")
/// // …
/// await server.shutdown()
/// ```
///
/// A server starts once; after ``shutdown()`` create a new one.
public final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: Configuration
    let responder: any Responder
    let logger: Logger

    let lifecycle = Mutex(Lifecycle.idle)
    let boundPort = Atomic<Int>(0)
    /// Set during shutdown: every response then carries `Connection: close`.
    let isDraining = Atomic<Bool>(false)
    /// Requests whose request line arrived and whose completion was not yet reported.
    let inFlightRequests = Atomic<Int>(0)
    /// Connections suspended while a responder task runs.
    let suspended = Mutex(SuspendedConnections())
    /// Streamed responses being sent (see ``/SignalboxHTTP/ResponseStream``).
    let streams = StreamRegistry()
    /// libmicrohttpd's messages while starting, used to explain a failed start.
    let startupMessages = Mutex<[String]?>(nil)
    /// Request head and body deadlines (slowloris defence); `nil` when both timeouts are off.
    let readDeadlines: ReadDeadlines?
    /// The task that enforces ``readDeadlines`` while the server runs.
    let watchdog = Mutex<Task<Void, Never>?>(nil)

    /// Creates a server. Nothing is bound until ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: Address, limits and timeouts.
    ///   - responder: Answers every request that passes the server's own checks.
    ///   - logger: Receives the server's and libmicrohttpd's messages. The server never bootstraps
    ///     the logging system.
    public init(configuration: Configuration, responder: any Responder, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        self.readDeadlines = ReadDeadlines(configuration)
    }

    /// The port the server listens on: the configured one, or the one the system picked for port
    /// `0`. It is `0` before ``start()`` and after ``shutdown()``.
    public var port: Int {
        self.boundPort.load(ordering: .acquiring)
    }

    /// Whether the server is accepting connections.
    public var isRunning: Bool {
        self.lifecycle.withLock { state in
            if case .running = state { return true }
            return false
        }
    }
}

extension HTTPServer {
    /// The slots of suspended connections, and whether new suspensions are still allowed (shutdown
    /// closes the registry before its final pass, so `MHD_stop_daemon` never meets one).
    struct SuspendedConnections: Sendable {
        var slots: [ObjectIdentifier: ResponseSlot] = [:]
        var isClosed = false
    }

    enum Lifecycle: Sendable {
        case idle
        case starting
        case running(DaemonHandle)
        case stopping([CheckedContinuation<Void, Never>])
        case stopped
    }
}
