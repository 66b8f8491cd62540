/// A per-client allowance of events over time (new sessions per minute, say): a token bucket per
/// client holding up to ``perMinute`` tokens, refilled at ``perMinute`` a minute. An event takes a
/// token; with none left it is refused, with the time until the next token.
///
/// A plain value, tested without a server (``WebApp`` keeps one behind a lock). It tracks at most
/// ``capacity`` clients: when full, clients whose bucket refilled are forgotten (a full bucket is
/// what a new client gets anyway); if none did, a new client is admitted without being tracked,
/// so an attacker with very many addresses cannot refuse anyone else.
package struct ClientRateLimit: Sendable {
    /// Events allowed per client per minute (and in one burst); 0 means no limit.
    package let perMinute: Int
    package let capacity: Int
    private var buckets: [String: Bucket] = [:]

    private struct Bucket {
        var tokens: Double
        var at: SessionInstant
    }

    package init(perMinute: Int, capacity: Int = 100_000) {
        self.perMinute = max(perMinute, 0)
        self.capacity = max(capacity, 1)
    }

    /// Takes a token for `client` at `now`: `nil` when the event may go ahead, else how long
    /// until it could.
    package mutating func take(_ client: String, now: SessionInstant) -> Duration? {
        guard self.perMinute > 0 else { return nil }
        let rate = Double(self.perMinute) / 60  // tokens a second
        var bucket: Bucket
        if let known = self.buckets[client] {
            bucket = known
            let elapsed = max(0, Self.seconds(now - known.at))
            bucket.tokens = min(Double(self.perMinute), bucket.tokens + elapsed * rate)
            bucket.at = now
        } else {
            guard self.makeRoom(now: now, rate: rate) else { return nil }
            bucket = Bucket(tokens: Double(self.perMinute), at: now)
        }
        guard bucket.tokens >= 1 else {
            self.buckets[client] = bucket
            return .milliseconds(Int64(((1 - bucket.tokens) / rate * 1000).rounded(.up)))
        }
        bucket.tokens -= 1
        self.buckets[client] = bucket
        return nil
    }

    /// The clients tracked.
    package var count: Int { self.buckets.count }

    /// Whether a new client can be tracked, after forgetting those whose bucket refilled.
    private mutating func makeRoom(now: SessionInstant, rate: Double) -> Bool {
        guard self.buckets.count >= self.capacity else { return true }
        let full = Double(self.perMinute)
        self.buckets = self.buckets.filter { $0.value.tokens + max(0, Self.seconds(now - $0.value.at)) * rate < full }
        return self.buckets.count < self.capacity
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
