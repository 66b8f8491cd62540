import CMicroHTTPDShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for process signals (by default `SIGINT` and `SIGTERM`) so a server can shut down
/// gracefully, from an async `main` or anywhere else.
///
/// Creating a waiter installs a handler for the signals, so from then on they no longer terminate
/// the process; it also blocks them in the calling thread, so threads started from it afterwards
/// (libmicrohttpd's workers) inherit the mask and are never interrupted. A signal that arrives
/// before ``wait()`` is kept and makes ``wait()`` return at once.
///
/// ```swift
/// let signals = try SignalWaiter()          // before starting the server
/// try server.start()
/// let signal = await signals.wait()         // SIGINT (Ctrl-C) or SIGTERM
/// logger.info("stopping", metadata: ["signal": "\(signal)"])
/// await server.shutdown()
/// ```
///
/// All waiters share one pipe: use one waiter at a time per process.
public struct SignalWaiter: Sendable {
    /// A POSIX signal number.
    public struct Signal: Sendable, Hashable, CustomStringConvertible {
        /// The signal number, e.g. `SIGTERM`.
        public let rawValue: Int32

        /// Creates a signal from its number.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// `SIGINT`, sent by Ctrl-C.
        public static var interrupt: Self { Self(rawValue: SIGINT) }
        /// `SIGTERM`, sent by `kill`, systemd and container runtimes.
        public static var terminate: Self { Self(rawValue: SIGTERM) }
        /// `SIGHUP`.
        public static var hangup: Self { Self(rawValue: SIGHUP) }

        public var description: String {
            switch self.rawValue {
            case SIGINT: "SIGINT"
            case SIGTERM: "SIGTERM"
            case SIGHUP: "SIGHUP"
            default: "signal \(self.rawValue)"
            }
        }
    }

    /// The signals this waiter handles.
    public let signals: [Signal]
    private let pipeReadEnd: Int32

    /// Installs the handler and blocks the signals in the calling thread.
    ///
    /// - Parameter signals: The signals to wait for; `SIGINT` and `SIGTERM` by default.
    /// - Throws: ``HTTPServerError`` with ``HTTPServerError/Code/signalHandling`` when the
    ///   handler cannot be installed.
    public init(signals: [Signal] = [.interrupt, .terminate]) throws(HTTPServerError) {
        let numbers = signals.map(\.rawValue)
        let readEnd = numbers.withUnsafeBufferPointer { sbmhd_signal_pipe_install($0.baseAddress, Int32($0.count)) }
        guard readEnd >= 0 else {
            throw HTTPServerError(.signalHandling, "cannot install signal handlers: errno \(errno)")
        }
        _ = numbers.withUnsafeBufferPointer { sbmhd_signal_mask($0.baseAddress, Int32($0.count), 1) }
        self.signals = signals
        self.pipeReadEnd = readEnd
    }

    /// Suspends until one of the signals arrives and returns it.
    ///
    /// The wait happens on a dedicated thread (which unblocks the signals), never on the
    /// cooperative pool. It cannot be cancelled.
    public func wait() async -> Signal {
        let readEnd = self.pipeReadEnd
        let numbers = self.signals.map(\.rawValue)
        let signal = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let job = SignalWaitJob {
                _ = numbers.withUnsafeBufferPointer { sbmhd_signal_mask($0.baseAddress, Int32($0.count), 0) }
                var byte: UInt8 = 0
                while true {
                    let count = read(readEnd, &byte, 1)
                    if count == 1 { break }
                    if count < 0, errno == EINTR { continue }
                    byte = 0  // the pipe broke: report "no signal" rather than hang
                    break
                }
                continuation.resume(returning: Int32(byte))
            }
            job.start()
        }
        return Signal(rawValue: signal)
    }
}

/// A detached thread running one closure.
private final class SignalWaitJob: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(
            &thread,
            nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<SignalWaitJob>.fromOpaque(argument).takeRetainedValue().body()
                return nil
            },
            context
        )
        guard created == 0 else {
            Unmanaged<SignalWaitJob>.fromOpaque(context).release()
            self.body()  // no thread: block here rather than never answer
            return
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
    }
}
