import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where expensive password hashing runs: off the Swift concurrency pool (a thread of its own per
/// hash, not Dispatch's workers, which on Linux also run the pool), at most ``width`` at a time,
/// with at most ``maxWaiting`` more waiting their turn. Past that an attempt is refused
/// (``Busy``) instead of queueing without bound. A thread costs tens of microseconds; a hash
/// about 100 ms.
///
/// A flood of logins then costs at most ``width`` cores — one fewer than the machine has — and
/// never the threads that render other visitors' pages (issue 34's M4: 8 connections of failed
/// logins took other visitors' pages from 3 ms to 373 ms while every scrypt ran on the pool).
///
/// ```swift
/// let lane = HashingLane(width: 1, maxWaiting: 16)
/// let matches = try await lane.run { hasher.verify(password, against: stored) }
/// ```
public final class HashingLane: Sendable {
    /// The lane every ``PasswordHasher`` uses unless given another: one fewer than the cores
    /// online (at least one), 32 waiting.
    public static let shared = HashingLane()

    /// Work refused because ``maxWaiting`` attempts are waiting already.
    public struct Busy: Error, Sendable {}

    /// The most hashes running at once.
    public let width: Int
    /// The most hashes waiting for a turn.
    public let maxWaiting: Int
    private let state = Mutex(State())

    private enum Admission { case now, queued, refused }

    private struct State: ~Copyable {
        var running = 0
        /// Turns to hand out, oldest first (`true`: your turn).
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    public init(width: Int = max(1, HashingLane.coresOnline - 1), maxWaiting: Int = 32) {
        self.width = max(1, width)
        self.maxWaiting = max(0, maxWaiting)
    }

    /// The processors online.
    public static var coresOnline: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// How many hashes run and wait now (for tests and diagnostics).
    var counts: (running: Int, waiting: Int) {
        self.state.withLock { ($0.running, $0.waiting.count) }
    }

    /// Runs `work` on a thread of its own once a turn is free.
    ///
    /// - Throws: ``Busy`` when ``maxWaiting`` others are waiting already.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(Busy) -> T {
        let admitted = await withCheckedContinuation { (turn: CheckedContinuation<Bool, Never>) in
            let admission = self.state.withLock { state -> Admission in
                if state.running < self.width {
                    state.running += 1
                    return .now
                }
                guard state.waiting.count < self.maxWaiting else { return .refused }
                state.waiting.append(turn)
                return .queued
            }
            switch admission {
            case .now: turn.resume(returning: true)
            case .refused: turn.resume(returning: false)
            case .queued: break
            }
        }
        guard admitted else { throw Busy() }
        defer { self.finish() }
        return await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: work()) }
        }
    }

    /// Hands the turn to the next waiter, or frees it.
    private func finish() {
        let next = self.state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if !state.waiting.isEmpty { return state.waiting.removeFirst() }
            state.running -= 1
            return nil
        }
        next?.resume(returning: true)
    }
}
