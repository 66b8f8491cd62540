public import SignalboxWeb
import Synchronization

/// Slows down guessing: after ``freeAttempts`` failed logins in a row for one username, further
/// attempts are refused for a wait that doubles with every failure (1 s, 2 s, 4 s … at most
/// ``maxWait``); a successful login resets it. Stores own one (``TodoStore/loginWait(for:)``).
///
/// ```swift
/// let throttle = LoginThrottle()
/// throttle.record(username: "alice", succeeded: false)
/// throttle.wait(for: "alice")   // nil until the fifth failure, then 1 s, 2 s, …
/// ```
public final class LoginThrottle: Sendable {
    /// Failures allowed before the first wait.
    public let freeAttempts: Int
    /// The longest wait.
    public let maxWait: Duration
    private let clock: any SessionClock
    private let entries = Mutex<[String: Entry]>([:])
    /// The most usernames tracked; past it, those not waiting are forgotten first.
    private let capacity = 100_000

    private struct Entry {
        var failures: Int
        var until: SessionInstant?
    }

    /// Failures allowed before the first wait, unless told otherwise.
    public static let defaultFreeAttempts = 5
    /// The longest wait, unless told otherwise.
    public static let defaultMaxWait: Duration = .seconds(15 * 60)

    public init(
        freeAttempts: Int = LoginThrottle.defaultFreeAttempts,
        maxWait: Duration = LoginThrottle.defaultMaxWait,
        clock: any SessionClock = .system
    ) {
        self.freeAttempts = freeAttempts
        self.maxWait = maxWait
        self.clock = clock
    }

    /// The wait after `failures` failed logins in a row: `nil` before the `freeAttempts`-th, then
    /// 1 s, doubling with every further failure, at most `maxWait`. The one schedule: a store that
    /// counts failures elsewhere (in a database shared by several instances) uses it too.
    ///
    /// ```swift
    /// LoginThrottle.wait(afterFailures: 4)   // nil
    /// LoginThrottle.wait(afterFailures: 5)   // 1 s
    /// LoginThrottle.wait(afterFailures: 7)   // 4 s
    /// ```
    public static func wait(
        afterFailures failures: Int,
        freeAttempts: Int = LoginThrottle.defaultFreeAttempts,
        maxWait: Duration = LoginThrottle.defaultMaxWait
    ) -> Duration? {
        let over = failures - freeAttempts
        guard over >= 0 else { return nil }
        return over >= 20 ? maxWait : min(.seconds(1 << over), maxWait)
    }

    /// The wait after `failures` failed logins in a row with this throttle's ``freeAttempts`` and
    /// ``maxWait`` (see ``wait(afterFailures:freeAttempts:maxWait:)``).
    public func wait(afterFailures failures: Int) -> Duration? {
        Self.wait(afterFailures: failures, freeAttempts: self.freeAttempts, maxWait: self.maxWait)
    }

    /// How long logins for `username` are still refused, or `nil` when one may be tried now.
    public func wait(for username: String) -> Duration? {
        let now = self.clock.now
        return self.entries.withLock { entries in
            guard let until = entries[username.lowercased()]?.until, until > now else { return nil }
            return until - now
        }
    }

    /// Records the outcome of a login attempt for `username`.
    public func record(username: String, succeeded: Bool) {
        let key = username.lowercased()
        let now = self.clock.now
        self.entries.withLock { entries in
            guard !succeeded else {
                entries[key] = nil
                return
            }
            if entries.count >= self.capacity, entries[key] == nil {
                entries = entries.filter { ($0.value.until ?? now) > now }
                guard entries.count < self.capacity else { return }
            }
            var entry = entries[key] ?? Entry(failures: 0)
            entry.failures += 1
            if let wait = self.wait(afterFailures: entry.failures) {
                entry.until = now + wait
            }
            entries[key] = entry
        }
    }
}

/// A login refused because of too many failures: 429 with `Retry-After`.
struct TooManyLogins: Error, WebErrorConvertible {
    var wait: Duration

    var webError: WebError {
        let seconds = max(1, Int(self.wait.components.seconds) + (self.wait.components.attoseconds > 0 ? 1 : 0))
        var error = WebError(
            status: .tooManyRequests,
            code: "tooManyLogins",
            message:
                "Too many failed logins for this username. Try again in \(seconds) second\(seconds == 1 ? "" : "s")."
        )
        error.retryAfter = seconds
        return error
    }
}
