import Dispatch
import HTTPTypes
@_spi(RawHTTP) import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing
import TodoApp

@testable import TodoStorage

/// A gate a lane's work waits at, so a test decides when it ends.
private final class Gate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let open = DispatchSemaphore(value: 0)

    func pass() -> Int {
        self.entered.signal()
        self.open.wait()
        return 1
    }
}

@Suite struct HashingLaneTests {
    /// M4: hashing is bounded; past the waiting room an attempt is refused at once, not queued.
    @Test func pastItsWidthWorkWaitsAndPastTheWaitingRoomItIsRefused() async throws {
        let lane = HashingLane(width: 1, maxWaiting: 1)
        let gate = Gate()
        async let first = lane.run { gate.pass() }
        try await onThread { gate.entered.wait() }
        #expect(lane.counts == (running: 1, waiting: 0))
        async let second = lane.run { 2 }
        while lane.counts.waiting < 1 { await Task.yield() }
        await #expect(throws: HashingLane.Busy.self) { try await lane.run { 3 } }
        gate.open.signal()
        #expect(try await first + second == 3)
        #expect(lane.counts == (running: 0, waiting: 0))
    }

    @Test func aBusyLaneIsAStoreErrorTheUserCanRetry() async throws {
        let lane = HashingLane(width: 1, maxWaiting: 0)
        let gate = Gate()
        async let holding = lane.run { gate.pass() }
        try await onThread { gate.entered.wait() }
        var hasher = PasswordHasher.forTests
        hasher.lane = lane
        await #expect(throws: TodoStoreError.busy) { try await hasher.verifying("pw", against: "scrypt$16$1$1$00$00") }
        gate.open.signal()
        _ = try await holding
        #expect(try await hasher.verifying("pw", against: try hasher.hash("pw")))
        #expect(TodoStoreError.busy.webError.status.code == 503)
        #expect(TodoStoreError.busy.webError.retryAfter == 2)
    }
}
