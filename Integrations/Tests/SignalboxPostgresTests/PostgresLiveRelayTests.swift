import PostgresNIO
import PostgresTestSupport
import Signalbox
import Synchronization
import Testing

@testable import SignalboxPostgres

@Suite("PostgresLiveRelay")
struct PostgresLiveRelayTests {
    /// What a relay delivered, in order.
    final class Received: Sendable {
        private let batches = Mutex<[Set<LiveTopic>]>([])
        var all: [Set<LiveTopic>] { self.batches.withLock { $0 } }
        func add(_ topics: Set<LiveTopic>) { self.batches.withLock { $0.append(topics) } }
    }

    @Test("What one instance sends reaches the others once committed, not itself")
    func reachesOtherInstances() async throws {
        try await TestDatabase.with { database in
            try await database.withClient { client in
                let (one, two) = (
                    PostgresLiveRelay(client: client, logger: quietLogger),
                    PostgresLiveRelay(client: client, logger: quietLogger)
                )
                let (fromOne, fromTwo) = (Received(), Received())
                one.deliver(to: fromOne.add)
                two.deliver(to: fromTwo.add)
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await one.run() }
                    group.addTask { await two.run() }
                    defer { group.cancelAll() }
                    // Both listen once a notification sent now reaches the other.
                    let probe: Set<LiveTopic> = [LiveTopic("probe", 1)]
                    #expect(
                        await eventually {
                            one.send(probe)
                            return !fromTwo.all.isEmpty
                        }
                    )
                    #expect(
                        await eventually {
                            two.send(probe)
                            return !fromOne.all.isEmpty
                        }
                    )
                    let topics: Set<LiveTopic> = [LiveTopic("user", "alice"), LiveTopic("session", "1a2b3c4d")]
                    one.send(topics)
                    #expect(await eventually { fromTwo.all.last == topics })
                    #expect(!fromOne.all.contains(topics))
                }
            }
        }
    }

    @Test(
        "Payloads name the sender, one topic a line, under PostgreSQL's limit",
        arguments: [(1, 1), (600, 1), (2000, 3)]
    )
    func payloadsRoundTrip(topicCount: Int, payloadCount: Int) throws {
        let topics = Set((0..<topicCount).map { LiveTopic("user", $0) })
        let payloads = PostgresLiveRelay.payloads(from: "i1", topics)
        #expect(payloads.count == payloadCount)
        #expect(payloads.allSatisfy { $0.utf8.count <= PostgresLiveRelay.maxPayload })
        var back = Set<LiveTopic>()
        for payload in payloads {
            let (sender, parsed) = try #require(PostgresLiveRelay.parse(payload))
            #expect(sender == "i1")
            back.formUnion(parsed)
        }
        #expect(back == topics)
    }

    @Test("A topic with a line break is not sent")
    func lineBreaksAreNotSent() throws {
        let payloads = PostgresLiveRelay.payloads(
            from: "i1",
            [LiveTopic(name: "bad\nline"), LiveTopic("user", "alice")]
        )
        #expect(payloads == ["i1\nuser:alice"])
    }
}

/// Polls `condition` until it holds (at most 15 s): waits for what the test itself caused.
private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1500 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
