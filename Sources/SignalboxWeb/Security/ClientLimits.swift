import Synchronization

/// The web layer's per-client limits, shared by every copy of a ``WebApp`` (it is a value; this
/// is the one mutable part): new sessions per minute, and requests in progress for clients
/// behind a trusted proxy.
final class ClientLimits: Sendable {
    let trustedProxies: Set<String>
    private let newSessions: Mutex<ClientRateLimit>
    private let maxInFlight: Int
    private let inFlight = Mutex<[String: Int]>([:])

    init(_ configuration: WebApp.Configuration) {
        self.trustedProxies = ClientAddress.trusted(configuration.trustedProxies)
        self.newSessions = Mutex(ClientRateLimit(perMinute: configuration.newSessionsPerMinute))
        self.maxInFlight = configuration.maxRequestsPerProxiedClient
    }

    /// Takes one of `client`'s new sessions: `nil` when it may start one, else the wait.
    func takeNewSession(for client: String?, now: SessionInstant) -> Duration? {
        guard let client else { return nil }
        return self.newSessions.withLock { $0.take(client, now: now) }
    }

    /// Counts a request of `client` (one that came through a trusted proxy; `nil` for others) as
    /// in progress, when a limit applies; `false` when the client has
    /// ``WebApp/Configuration/maxRequestsPerProxiedClient`` in progress already (nothing counted).
    /// Pair a `true` with ``finish(_:)``.
    func start(_ client: String?) -> Bool {
        guard self.maxInFlight > 0, let client else { return true }
        return self.inFlight.withLock { counts in
            let count = counts[client, default: 0]
            guard count < self.maxInFlight else { return false }
            counts[client] = count + 1
            return true
        }
    }

    /// Ends a request counted by ``start(_:)``.
    func finish(_ client: String?) {
        guard self.maxInFlight > 0, let client else { return }
        self.inFlight.withLock { counts in
            let count = counts[client, default: 1] - 1
            counts[client] = count > 0 ? count : nil
        }
    }
}
