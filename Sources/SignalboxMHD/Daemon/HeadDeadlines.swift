import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The slowloris defence: by when each connection's next request head must be complete.
///
/// libmicrohttpd's connection timeout only measures idleness, so a client that sends one byte of
/// its head every few seconds would hold its connection (and a share of the connection limits)
/// forever. Here a connection has a deadline, ``limit`` ahead, whenever the server waits for a
/// request head: from the moment it is accepted and again after each completed request. The
/// deadline is lifted once the head is complete (bodies and responders are not limited here).
/// ``cutExpired(now:)`` shuts down the sockets past their deadline; libmicrohttpd then reads end of
/// file and closes the connection as usual.
final class HeadDeadlines: Sendable {
    private struct Entry {
        let socket: Int32
        var deadline: ContinuousClock.Instant?
    }

    /// How long a request head may take, from when the server starts waiting for it.
    let limit: Duration
    /// Open connections by their `struct MHD_Connection *`. A connection is removed when
    /// libmicrohttpd reports it closed, which happens before its socket is closed.
    private let entries = Mutex<[UInt: Entry]>([:])

    init(limit: Duration) {
        self.limit = limit
    }

    /// How often the watchdog looks: a quarter of the limit, between 50 ms and 1 s.
    var interval: Duration {
        min(max(self.limit / 4, .milliseconds(50)), .seconds(1))
    }

    /// A connection was accepted: its first head is due.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        guard socket >= 0 else { return }
        let deadline = ContinuousClock.now + self.limit
        self.entries.withLock { $0[Self.key(connection)] = Entry(socket: socket, deadline: deadline) }
    }

    /// libmicrohttpd closed the connection (its socket is closed right after).
    func closed(_ connection: OpaquePointer) {
        self.entries.withLock { _ = $0.removeValue(forKey: Self.key(connection)) }
    }

    /// The request head is complete: no deadline while the body arrives and the responder runs.
    func headArrived(_ connection: OpaquePointer) {
        self.entries.withLock { $0[Self.key(connection)]?.deadline = nil }
    }

    /// A request finished; on a kept-alive connection the next head is due.
    func awaitingHead(_ connection: OpaquePointer) {
        let deadline = ContinuousClock.now + self.limit
        self.entries.withLock { $0[Self.key(connection)]?.deadline = deadline }
    }

    /// Shuts down (both directions) the socket of every connection past its deadline and returns
    /// how many. Runs under the lock, so a socket is never touched once its connection was reported
    /// closed (its number may already belong to another file).
    func cutExpired(now: ContinuousClock.Instant = .now) -> Int {
        self.entries.withLock { entries in
            var cut = 0
            for (key, entry) in entries {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                #if canImport(Glibc)
                _ = Glibc.shutdown(entry.socket, Int32(SHUT_RDWR))
                #elseif canImport(Darwin)
                _ = Darwin.shutdown(entry.socket, SHUT_RDWR)
                #endif
                entries[key]?.deadline = nil
                cut += 1
            }
            return cut
        }
    }

    /// The number of connections known (open and not yet reported closed).
    var count: Int {
        self.entries.withLock { $0.count }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }
}
