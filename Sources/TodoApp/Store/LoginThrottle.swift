public import SignalboxWeb
import Synchronization

/// Slows down password guessing without letting anyone lock a user out of their account.
///
/// Failed logins are counted three ways (OWASP's advice: per account *and* per client, kept
/// apart):
///
/// - **a username from one client**: after ``Policy/freeAttempts`` failures in a row that client
///   is refused for that username for a wait that doubles with every failure (1 s, 2 s, 4 s … at
///   most ``Policy/maxWait``); a success resets it. The user's own browser, on another address,
///   is not affected.
/// - **a client over every username**: after ``Policy/freeAttemptsPerClient`` failures the
///   client is refused the same way, so one address cannot try many usernames.
/// - **a username from every client**: after ``Policy/freeAttemptsPerUsername`` failures,
///   attempts for that username are *slowed*, never refused: each waits up to
///   ``Policy/maxSlowdown`` before the password is checked. A botnet guessing alice's password
///   gets slower; alice still signs in with hers.
///
/// A count whose last failure is older than ``Policy/forgetAfter`` starts over. Without a client
/// address (an in-process caller), the first count is by username alone.
///
/// Stores own one (``TodoStore/loginGate(for:from:)``); a store shared by several instances keeps
/// the counters in its database with the same ``Policy``.
///
/// ```swift
/// let throttle = LoginThrottle()
/// throttle.record(username: "alice", client: "203.0.113.5", succeeded: false)
/// throttle.gate(for: "alice", from: "203.0.113.5")   // .open until the fifth failure, then .refused(1 s)
/// throttle.gate(for: "alice", from: "198.51.100.7")  // .open: alice's own browser
/// ```
public final class LoginThrottle: Sendable {
    /// How many failures are free and how long the waits grow.
    public struct Policy: Sendable, Equatable {
        /// Failures of one username from one client before that client waits (default 5).
        public var freeAttempts: Int
        /// Failures of one client over every username before it waits (default 20).
        public var freeAttemptsPerClient: Int
        /// Failures of one username from every client before its logins are slowed (default 20).
        public var freeAttemptsPerUsername: Int
        /// The longest wait of a refused client (default 15 minutes).
        public var maxWait: Duration
        /// The longest pause of a slowed login (default 2 s).
        public var maxSlowdown: Duration
        /// A count whose last failure is this old starts over (default 1 hour).
        public var forgetAfter: Duration

        public init(
            freeAttempts: Int = 5,
            freeAttemptsPerClient: Int = 20,
            freeAttemptsPerUsername: Int = 20,
            maxWait: Duration = .seconds(15 * 60),
            maxSlowdown: Duration = .seconds(2),
            forgetAfter: Duration = .seconds(60 * 60)
        ) {
            self.freeAttempts = freeAttempts
            self.freeAttemptsPerClient = freeAttemptsPerClient
            self.freeAttemptsPerUsername = freeAttemptsPerUsername
            self.maxWait = maxWait
            self.maxSlowdown = maxSlowdown
            self.forgetAfter = forgetAfter
        }

        /// The failures free in `scope`.
        public func freeAttempts(in scope: Scope) -> Int {
            switch scope {
            case .usernameFromClient: self.freeAttempts
            case .client: self.freeAttemptsPerClient
            case .username: self.freeAttemptsPerUsername
            }
        }

        /// The wait after `failures` in a row in `scope`: `nil` before the free attempts are
        /// used up, then 1 s, doubling with every further failure, at most ``maxWait``. The one
        /// schedule: a store that counts elsewhere (a database shared by instances) uses it too.
        ///
        /// ```swift
        /// Policy().wait(afterFailures: 4, in: .usernameFromClient)   // nil
        /// Policy().wait(afterFailures: 5, in: .usernameFromClient)   // 1 s
        /// Policy().wait(afterFailures: 7, in: .usernameFromClient)   // 4 s
        /// ```
        public func wait(afterFailures failures: Int, in scope: Scope) -> Duration? {
            let over = failures - self.freeAttempts(in: scope)
            guard over >= 0 else { return nil }
            return over >= 20 ? self.maxWait : min(.seconds(1 << over), self.maxWait)
        }

        /// `counter` after one more failure at `now` in `scope`.
        public func counting(_ counter: Counter?, failureAt now: SessionInstant, in scope: Scope) -> Counter {
            let failures =
                counter.map { now - $0.lastFailure >= self.forgetAfter ? 1 : $0.failures + 1 } ?? 1
            return Counter(
                failures: failures,
                refusedUntil: self.wait(afterFailures: failures, in: scope).map { now + $0 },
                lastFailure: now
            )
        }

        /// What an attempt may do given its counters (absent ones have no failures).
        public func gate(_ counters: [Scope: Counter], now: SessionInstant) -> LoginGate {
            let refusals = [Scope.usernameFromClient, .client].compactMap { scope -> Duration? in
                guard let until = counters[scope]?.refusedUntil, until > now else { return nil }
                return until - now
            }
            if let longest = refusals.max() { return .refused(longest) }
            if let until = counters[.username]?.refusedUntil, until > now {
                return .slowed(min(until - now, self.maxSlowdown))
            }
            return .open
        }
    }

    /// What a count is kept for.
    public enum Scope: String, Sendable, CaseIterable {
        /// One username from one client.
        case usernameFromClient
        /// One client, over every username.
        case client
        /// One username, from every client.
        case username

        /// The counter's key for this login, or `nil` when the scope does not apply (no client).
        /// Usernames are compared lower-cased.
        public func key(username: String, client: String?) -> String? {
            let name = username.lowercased()
            switch self {
            case .usernameFromClient: return "uc:\(client ?? "")/\(name)"
            case .client: return client.map { "c:\($0)" }
            case .username: return "u:\(name)"
            }
        }

        /// The counters' keys for a login, in scope order (the per-client one only with a client).
        public static func keys(username: String, client: String?) -> [(scope: Scope, key: String)] {
            Self.allCases.compactMap { scope in scope.key(username: username, client: client).map { (scope, $0) } }
        }
    }

    /// One count of failures.
    public struct Counter: Sendable, Equatable {
        /// Failures in a row (since the last success, or since the count started over).
        public var failures: Int
        /// Until when the scope refuses (or, for a username, slows) attempts.
        public var refusedUntil: SessionInstant?
        /// When the last failure was.
        public var lastFailure: SessionInstant

        public init(failures: Int, refusedUntil: SessionInstant?, lastFailure: SessionInstant) {
            self.failures = failures
            self.refusedUntil = refusedUntil
            self.lastFailure = lastFailure
        }
    }

    /// The schedule.
    public let policy: Policy
    private let clock: any SessionClock
    private let counters = Mutex<[String: Counter]>([:])
    /// The most counters kept; past it, those neither refusing nor recent are forgotten first.
    private let capacity: Int

    public init(policy: Policy = Policy(), clock: any SessionClock = .system, capacity: Int = 100_000) {
        self.policy = policy
        self.clock = clock
        self.capacity = max(1, capacity)
    }

    /// Whether a login for `username` from `client` may be tried now.
    public func gate(for username: String, from client: String?) -> LoginGate {
        let now = self.clock.now
        return self.counters.withLock { counters in
            var found: [Scope: Counter] = [:]
            for (scope, key) in Scope.keys(username: username, client: client) {
                found[scope] = counters[key]
            }
            return self.policy.gate(found, now: now)
        }
    }

    /// Records the outcome of a login attempt: a failure counts in every scope; a success resets
    /// the username-from-this-client count only (an attacker's own account must not wipe their
    /// per-client count, nor alice's login the count of guesses at her name).
    public func record(username: String, client: String?, succeeded: Bool) {
        let now = self.clock.now
        self.counters.withLock { counters in
            guard !succeeded else {
                if let key = Scope.usernameFromClient.key(username: username, client: client) { counters[key] = nil }
                return
            }
            for (scope, key) in Scope.keys(username: username, client: client) {
                if counters.count >= self.capacity, counters[key] == nil {
                    counters = counters.filter { self.isLive($0.value, now: now) }
                    guard counters.count < self.capacity else { continue }
                }
                counters[key] = self.policy.counting(counters[key], failureAt: now, in: scope)
            }
        }
    }

    /// Whether a counter still matters: it refuses, or its failures still count.
    private func isLive(_ counter: Counter, now: SessionInstant) -> Bool {
        (counter.refusedUntil ?? now) > now || now - counter.lastFailure < self.policy.forgetAfter
    }
}

/// What the login throttle allows an attempt (see ``LoginThrottle``).
public enum LoginGate: Sendable, Equatable {
    /// Check the password now.
    case open
    /// Check it after this pause: the username is being guessed from many clients.
    case slowed(Duration)
    /// Refuse with 429 and `Retry-After`: this client failed too often.
    case refused(Duration)
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
                "Too many failed logins from your address. Try again in \(seconds) second\(seconds == 1 ? "" : "s")."
        )
        error.retryAfter = seconds
        return error
    }
}
