import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The slowloris defence: by when each connection's request head, and then its body, must be
/// complete.
///
/// libmicrohttpd's connection timeout only measures idleness, so a client that sends one byte
/// every few seconds would hold its connection (and a share of the connection limits) forever.
/// Here a connection has a deadline whenever the server waits for the client:
///
/// - **the head**: ``headLimit`` after the connection is accepted, and again after each
///   completed request; lifted when the head is complete. Past it the socket is shut down
///   (libmicrohttpd reads end of file and closes the connection as usual).
/// - **the body**: ``bodyLimit`` after the head, plus one second for every ``minimumBodyRate``
///   bytes received so far (a large upload at a fair speed is never cut; a trickle is). Past it
///   the server answers `408 Request Timeout` on the socket itself (libmicrohttpd cannot queue a
///   response in the middle of a body) and shuts the socket down.
///
/// ``cutExpired(now:)`` does both; the server's watchdog calls it every ``interval``.
final class ReadDeadlines: Sendable {
    private enum Phase {
        case head
        case body(started: ContinuousClock.Instant, received: Int)
    }

    private struct Entry {
        let socket: Int32
        var deadline: ContinuousClock.Instant?
        var phase: Phase
    }

    /// How long a request head may take, from when the server starts waiting for it; `nil`: no
    /// head deadline.
    let headLimit: Duration?
    /// How long a request body may take, besides the time its size earns; `nil`: no body
    /// deadline.
    let bodyLimit: Duration?
    /// Bytes a second of body that earn a second more.
    let minimumBodyRate: Int
    /// Open connections by their `struct MHD_Connection *`. A connection is removed when
    /// libmicrohttpd reports it closed, which happens before its socket is closed.
    private let entries = Mutex<[UInt: Entry]>([:])

    init(headLimit: Duration?, bodyLimit: Duration? = nil, minimumBodyRate: Int = 16 * 1024) {
        self.headLimit = headLimit
        self.bodyLimit = bodyLimit
        self.minimumBodyRate = max(1, minimumBodyRate)
    }

    /// The deadlines a server keeps, or `nil` when both are off.
    convenience init?(_ configuration: HTTPServer.Configuration) {
        let head = configuration.connectionTimeout > .zero ? configuration.connectionTimeout : nil
        let body = configuration.bodyTimeout > .zero ? configuration.bodyTimeout : nil
        guard head != nil || body != nil else { return nil }
        self.init(headLimit: head, bodyLimit: body, minimumBodyRate: configuration.minimumBodyRate)
    }

    /// How often the watchdog looks: a quarter of the shorter limit, between 50 ms and 1 s.
    var interval: Duration {
        let shortest = [self.headLimit, self.bodyLimit].compactMap { $0 }.min() ?? .seconds(4)
        return min(max(shortest / 4, .milliseconds(50)), .seconds(1))
    }

    /// A connection was accepted: its first head is due.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        guard socket >= 0 else { return }
        let deadline = self.headLimit.map { ContinuousClock.now + $0 }
        self.entries.withLock { $0[Self.key(connection)] = Entry(socket: socket, deadline: deadline, phase: .head) }
    }

    /// libmicrohttpd closed the connection (its socket is closed right after).
    func closed(_ connection: OpaquePointer) {
        self.entries.withLock { _ = $0.removeValue(forKey: Self.key(connection)) }
    }

    /// The request head is complete: no deadline until a body starts (or the next head).
    func headArrived(_ connection: OpaquePointer) {
        self.entries.withLock { $0[Self.key(connection)]?.deadline = nil }
    }

    /// The request has a body to read: it is due ``bodyLimit`` from now, plus what it earns.
    func bodyStarted(_ connection: OpaquePointer, now: ContinuousClock.Instant = .now) {
        guard let limit = self.bodyLimit else { return }
        self.entries.withLock { entries in
            let key = Self.key(connection)
            guard entries[key] != nil else { return }
            entries[key]?.phase = .body(started: now, received: 0)
            entries[key]?.deadline = now + limit
        }
    }

    /// `count` more bytes of the body arrived: the deadline moves by what they earn.
    func bodyReceived(_ connection: OpaquePointer, count: Int) {
        guard let limit = self.bodyLimit else { return }
        self.entries.withLock { entries in
            let key = Self.key(connection)
            guard case .body(let started, let received)? = entries[key]?.phase, entries[key]?.deadline != nil
            else { return }
            let total = received + count
            entries[key]?.phase = .body(started: started, received: total)
            entries[key]?.deadline = started + limit + .milliseconds(Int64(total) * 1000 / Int64(self.minimumBodyRate))
        }
    }

    /// The body is complete: no deadline while the responder runs.
    func bodyEnded(_ connection: OpaquePointer) {
        self.entries.withLock { entries in
            let key = Self.key(connection)
            entries[key]?.deadline = nil
            entries[key]?.phase = .head
        }
    }

    /// A request finished; on a kept-alive connection the next head is due.
    func awaitingHead(_ connection: OpaquePointer) {
        let deadline = self.headLimit.map { ContinuousClock.now + $0 }
        self.entries.withLock { entries in
            let key = Self.key(connection)
            entries[key]?.deadline = deadline
            entries[key]?.phase = .head
        }
    }

    /// Shuts down (both directions) the socket of every connection past its deadline — after a
    /// `408` when it was reading a body — and returns how many heads and bodies. Runs under the
    /// lock, so a socket is never touched once its connection was reported closed (its number may
    /// already belong to another file).
    func cutExpired(now: ContinuousClock.Instant = .now) -> (heads: Int, bodies: Int) {
        self.entries.withLock { entries in
            var cut = (heads: 0, bodies: 0)
            for (key, entry) in entries {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                if case .body = entry.phase {
                    Self.send(Self.requestTimeout, to: entry.socket)
                    cut.bodies += 1
                } else {
                    cut.heads += 1
                }
                #if canImport(Glibc)
                _ = Glibc.shutdown(entry.socket, Int32(SHUT_RDWR))
                #elseif canImport(Darwin)
                _ = Darwin.shutdown(entry.socket, SHUT_RDWR)
                #endif
                entries[key]?.deadline = nil
            }
            return cut
        }
    }

    /// The number of connections known (open and not yet reported closed).
    var count: Int {
        self.entries.withLock { $0.count }
    }

    /// The `408` written straight to a socket whose body is overdue.
    static let requestTimeout: [UInt8] = {
        let body = "408 Request Timeout: the request body was not received in time\n"
        let head =
            "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n"
        return Array((head + body).utf8)
    }()

    /// Writes what the socket's buffer takes now, without blocking or raising `SIGPIPE`.
    private static func send(_ bytes: [UInt8], to socket: Int32) {
        bytes.withUnsafeBytes { buffer in
            #if canImport(Glibc)
            _ = Glibc.send(socket, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            #elseif canImport(Darwin)
            _ = Darwin.send(socket, buffer.baseAddress, buffer.count, MSG_DONTWAIT)
            #endif
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }
}
