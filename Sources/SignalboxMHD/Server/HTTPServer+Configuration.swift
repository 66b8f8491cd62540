public import SignalboxHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPServer {
    /// How an ``HTTPServer`` listens, how many resources one client may hold, and how it stops.
    ///
    /// The defaults are safe for a server exposed on a small machine: loopback only, an epoll
    /// thread pool sized to the cores, bounded connections, bodies and timeouts.
    ///
    /// ```swift
    /// var configuration = HTTPServer.Configuration(host: "0.0.0.0", port: 8080)
    /// configuration.maxBodySize = 64 * 1024
    /// configuration.perIPConnectionLimit = 0  // behind a reverse proxy every client shares one IP
    /// ```
    public struct Configuration: Sendable {
        /// The numeric address to bind: `"127.0.0.1"`, `"0.0.0.0"`, `"::1"`, `"::"`, or `"localhost"`.
        public var host: String
        /// The TCP port; `0` picks a free port, reported by ``HTTPServer/port`` after ``HTTPServer/start()``.
        public var port: Int
        /// Worker threads of libmicrohttpd's epoll pool. `1` runs a single internal thread.
        public var threadPoolSize: Int
        /// Open connections the server accepts at once, split evenly across the workers.
        public var connectionLimit: Int
        /// Open connections one client address may hold; `0` means unlimited (use it behind a proxy).
        public var perIPConnectionLimit: Int
        /// How long a connection may stay idle (between or within requests) before it is closed,
        /// and how long a request head may take in all (from when the server waits for it), so a
        /// client drip-feeding its head is closed too. The idle timeout counts whole seconds,
        /// rounded up; `.zero` disables both.
        public var connectionTimeout: Duration
        /// How long a request body may take once its head is in, plus one second for every
        /// ``minimumBodyRate`` bytes received: past it the server answers `408 Request Timeout`
        /// and closes the connection, so a client trickling its body cannot hold a connection.
        /// `.zero` disables it. Default 30 s.
        public var bodyTimeout: Duration
        /// The upload speed, in bytes a second, that keeps earning a large body more time (see
        /// ``bodyTimeout``). Default 16 KiB/s: a 20 MiB upload may take 30 s + 21 min.
        public var minimumBodyRate: Int
        /// Bytes libmicrohttpd may use per connection for the request line, headers and buffers.
        /// Longer URLs get 414, larger headers 431.
        public var connectionMemoryLimit: Int
        /// The largest request body accepted; larger bodies get `413 Payload Too Large`. A
        /// `multipart/form-data` body has ``uploads``' limits instead.
        public var maxBodySize: Int
        /// Limits on `multipart/form-data` bodies (file uploads), which the server writes to
        /// temporary files as they arrive (``/SignalboxHTTP/Request/multipart``) and removes when the request is
        /// over. Give the app the same limits (`WebApp.Configuration.uploads`). `nil`: such bodies
        /// are read into memory like any other, within ``maxBodySize``.
        public var uploads: MultipartSpooler.Limits?
        /// How long ``HTTPServer/shutdown()`` lets in-flight requests finish before it closes the rest.
        public var shutdownGracePeriod: Duration
        /// The kernel's queue of connections not yet accepted.
        public var listenBacklog: Int
        /// Where a responder goes on once it first suspends; `nil` (the default): Swift's global
        /// concurrent executor. A responder runs on the worker thread that read the request until
        /// it first suspends, and an in-memory one finishes there.
        ///
        /// A responder that awaits a SwiftNIO client (PostgreSQL) is woken by an event loop; run it
        /// on those loops and each statement's answer continues on the thread that read it,
        /// instead of waking a thread of the global pool:
        ///
        /// ```swift
        /// configuration.taskExecutor = EventLoopTaskExecutor(group: PostgresClient.defaultEventLoopGroup)
        /// ```
        ///
        /// `EventLoopTaskExecutor` (in the `SignalboxPostgres` product) is such an executor. Work that blocks a thread
        /// (file I/O, hashing) would hold up the loop's other connections: keep it off such executors.
        public var taskExecutor: (any TaskExecutor)?

        /// Forces every response through the suspend/resume path, even when the responder finished
        /// synchronously. Tests use it to exercise the path that is otherwise rare.
        var alwaysSuspend = false

        /// Creates a configuration with safe defaults.
        ///
        /// - Parameters:
        ///   - host: The numeric address to bind, `"127.0.0.1"` by default.
        ///   - port: The TCP port, `8080` by default; `0` picks a free one.
        public init(host: String = "127.0.0.1", port: Int = 8080) {
            self.host = host
            self.port = port
            self.threadPoolSize = Self.processorCount
            self.connectionLimit = 1000
            self.perIPConnectionLimit = 64
            self.connectionTimeout = .seconds(30)
            self.bodyTimeout = .seconds(30)
            self.minimumBodyRate = 16 * 1024
            self.connectionMemoryLimit = 64 * 1024
            self.maxBodySize = 1 << 20
            self.uploads = MultipartSpooler.Limits(maxFileBytes: 10 << 20, maxBytes: 20 << 20)
            self.shutdownGracePeriod = .seconds(5)
            self.listenBacklog = 1024
        }

        /// The number of online processors, at least 1.
        static var processorCount: Int {
            max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }
    }
}

extension Duration {
    /// Whole seconds, rounded up, clamped to `0...UInt32.max`.
    var wholeSecondsRoundedUp: Int {
        let (seconds, attoseconds) = self.components
        if seconds < 0 { return 0 }
        let rounded = attoseconds > 0 ? seconds + 1 : seconds
        return Int(min(rounded, Int64(UInt32.max)))
    }

    /// Milliseconds, rounded down, never negative.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = self.components
        if seconds < 0 { return 0 }
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
