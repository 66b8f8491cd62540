import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A point in wall-clock time, as a duration since the Unix epoch.
///
/// Wall-clock (not monotonic) time, so that persistent and shared session stores can compare
/// instants written by other processes and machines.
public struct SessionInstant: Sendable, Hashable, Comparable, Codable {
    /// The time since 1970-01-01T00:00:00Z.
    public var sinceEpoch: Duration

    /// The instant `sinceEpoch` after 1970-01-01T00:00:00Z.
    public init(sinceEpoch: Duration) {
        self.sinceEpoch = sinceEpoch
    }

    public static func < (lhs: SessionInstant, rhs: SessionInstant) -> Bool {
        lhs.sinceEpoch < rhs.sinceEpoch
    }

    /// The instant `duration` later.
    public static func + (lhs: SessionInstant, rhs: Duration) -> SessionInstant {
        SessionInstant(sinceEpoch: lhs.sinceEpoch + rhs)
    }

    /// The time from `rhs` to `lhs`.
    public static func - (lhs: SessionInstant, rhs: SessionInstant) -> Duration {
        lhs.sinceEpoch - rhs.sinceEpoch
    }

    /// Whole milliseconds since the epoch (rounded down), as persistent stores keep instants.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = self.sinceEpoch.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The instant `milliseconds` after the epoch.
    public init(milliseconds: Int64) {
        self.init(sinceEpoch: .milliseconds(milliseconds))
    }
}

/// Tells the session layer what time it is. Inject ``ManualSessionClock`` in tests so expiry can
/// be tested without sleeping.
public protocol SessionClock: Sendable {
    /// The current instant.
    var now: SessionInstant { get }
}

/// The system's wall clock.
public struct SystemSessionClock: SessionClock {
    /// The system clock.
    public init() {}

    public var now: SessionInstant {
        let seconds = Date().timeIntervalSince1970
        let whole = seconds.rounded(.down)
        return SessionInstant(
            sinceEpoch: .seconds(Int64(whole)) + .nanoseconds(Int64((seconds - whole) * 1_000_000_000))
        )
    }
}

extension SessionClock where Self == SystemSessionClock {
    /// The system's wall clock.
    public static var system: SystemSessionClock { SystemSessionClock() }
}

/// A clock that moves only when told to, for tests.
///
/// ```swift
/// let clock = ManualSessionClock()
/// let app = WebApp(renderer: renderer, clock: clock, logger: logger) { makeTree() }
/// clock.advance(by: .seconds(31 * 60))   // the session is now idle-expired
/// ```
public final class ManualSessionClock: SessionClock {
    private let instant: Mutex<SessionInstant>

    /// A clock starting at `start` (by default 2025-01-01T00:00:00Z).
    public init(start: SessionInstant = SessionInstant(sinceEpoch: .seconds(1_735_689_600))) {
        self.instant = Mutex(start)
    }

    public var now: SessionInstant { self.instant.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by duration: Duration) {
        self.instant.withLock { $0 = $0 + duration }
    }
}
