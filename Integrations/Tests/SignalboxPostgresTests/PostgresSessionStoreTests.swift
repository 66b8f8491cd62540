import PostgresNIO
import PostgresTestSupport
import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing
import TodoApp

@testable import SignalboxPostgres

/// The store itself: several instances on one database, driven without HTTP.
@Suite struct PostgresSessionStoreTests {
    let clock = ManualSessionClock()
    let data = InMemoryTodoStore.demo()

    func makeTree() -> NavigationTree { TodoWebApp.makeTree(store: self.data) }

    func stores(
        _ clients: [PostgresClient],
        _ configuration: PostgresSessionStore.Configuration = .init()
    ) async throws -> [PostgresSessionStore] {
        var stores: [PostgresSessionStore] = []
        for client in clients {
            let store = PostgresSessionStore(client: client, configuration: configuration, logger: quietLogger)
            try await store.migrate()
            stores.append(store)
        }
        return stores
    }

    /// A new session on `store`; its token is "t".
    func newSession(_ store: PostgresSessionStore) async throws -> SessionID {
        var state = SessionState.new(tree: self.makeTree(), now: self.clock.now)
        state.csrfToken = "t"
        let id = state.id
        try await store.insert(state)
        return id
    }

    func token(_ store: PostgresSessionStore, _ id: SessionID) async throws -> String? {
        try await store.withSession(id: id, now: self.clock.now, access: .retryable, makeTree: self.makeTree) {
            $0.csrfToken
        }
    }

    @Test func aSessionCreatedOnOneInstanceIsServedByAnother() async throws {
        try await withClients(2) { _, clients in
            let stores = try await self.stores(clients)
            let id = try await self.newSession(stores[0])
            let path = try await stores[1].withSession(
                id: id,
                now: self.clock.now,
                access: .retryable,
                makeTree: self.makeTree
            ) { $0.tree.path }
            #expect(path == "/unauthenticated")
            #expect(stores[1].counters.values.treeCacheMisses == 1)
        }
    }

    @Test func anUnchangedRequestWhereThePreviousOneRanMakesOneRoundTrip() async throws {
        try await withClients(1) { _, clients in
            let store = try await self.stores(clients)[0]
            let id = try await self.newSession(store)
            _ = try await self.token(store, id)  // the first return also records that a request came back
            let before = store.counters.values
            #expect(try await self.token(store, id) == "t")
            let after = store.counters.values
            #expect(after.roundTrips - before.roundTrips == 1)
            #expect(after.treeCacheHits - before.treeCacheHits == 1)
        }
    }

    @Test func aChangeOnAnotherInstanceInvalidatesTheCachedTree() async throws {
        try await withClients(2) { _, clients in
            let stores = try await self.stores(clients)
            let id = try await self.newSession(stores[0])
            _ = try await self.token(stores[0], id)
            _ = try await stores[1].withSession(
                id: id,
                now: self.clock.now,
                access: .exclusive,
                makeTree: self.makeTree
            ) {
                $0.csrfToken = "changed on B"
            }
            let misses = stores[0].counters.values.treeCacheMisses
            #expect(try await self.token(stores[0], id) == "changed on B")
            #expect(stores[0].counters.values.treeCacheMisses == misses + 1)
        }
    }

    @Test func aNoticeLeftOnOneInstanceIsTakenOnceOnAnother() async throws {
        try await withClients(2) { _, clients in
            let stores = try await self.stores(clients)
            let id = try await self.newSession(stores[0])
            try await stores[0].withSession(id: id, now: self.clock.now, access: .exclusive, makeTree: self.makeTree) {
                $0.tree.notify(.success, "Todo created.")
            }
            let take = { (store: PostgresSessionStore) in
                try await store.withSession(id: id, now: self.clock.now, access: .exclusive, makeTree: self.makeTree) {
                    $0.tree.takeNotices()
                }
            }
            #expect(try await take(stores[1]) == [Notice(.success, "Todo created.")])
            // Instance A cached the tree with the notice; B's take reaches it too.
            #expect(try await take(stores[0]) == [])
            #expect(try await take(stores[1]) == [])
        }
    }

    @Test func exclusiveRequestsOnTwoInstancesRunOneAfterTheOther() async throws {
        try await withClients(2) { database, clients in
            let stores = try await self.stores(clients)
            let id = try await self.newSession(stores[0])
            let events = EventLog()
            let gate = Gate()
            let now = self.clock.now
            async let first: Void? = stores[0].withSession(
                id: id,
                now: now,
                access: .exclusive,
                makeTree: self.makeTree
            ) {
                state in
                events.add("A starts")
                await gate.wait()
                state.csrfToken += "a"
                events.add("A ends")
            }
            try await until { events.all == ["A starts"] }
            async let second: Void? = stores[1].withSession(
                id: id,
                now: now,
                access: .exclusive,
                makeTree: self.makeTree
            ) {
                state in
                events.add("B starts")
                state.csrfToken += "b"
            }
            // B waits for A's row lock; only then does A go on.
            try await until { try await database.lockWaiters() == 1 }
            gate.open()
            _ = try await (first, second)
            #expect(events.all == ["A starts", "A ends", "B starts"])
            #expect(try await self.token(stores[0], id) == "tab")
        }
    }

    @Test func aPageRequestThatLostARaceRunsAgainOnTheNewState() async throws {
        try await withClients(2) { _, clients in
            let stores = try await self.stores(clients)
            let id = try await self.newSession(stores[0])
            let events = EventLog()
            let gate = Gate()
            let now = self.clock.now
            async let page: Void? = stores[0].withSession(id: id, now: now, access: .retryable, makeTree: self.makeTree)
            {
                state in
                events.add("page runs on \(state.csrfToken)")
                if events.all.count == 1 { await gate.wait() }
                state.csrfToken += "a"
            }
            try await until { events.all.count == 1 }
            _ = try await stores[1].withSession(id: id, now: now, access: .exclusive, makeTree: self.makeTree) {
                $0.csrfToken += "b"
            }
            gate.open()
            _ = try await page
            #expect(events.all == ["page runs on t", "page runs on tb"])
            #expect(try await self.token(stores[1], id) == "tba")
            #expect(stores[0].counters.values.conflicts == 1)
        }
    }

    @Test func rotationMovesTheSessionForEveryInstanceAtOnce() async throws {
        try await withClients(2) { _, clients in
            let stores = try await self.stores(clients)
            let old = try await self.newSession(stores[0])
            let new = try #require(
                try await stores[0].withSession(
                    id: old,
                    now: self.clock.now,
                    access: .exclusive,
                    makeTree: self.makeTree
                ) {
                    state in
                    state.rotate()
                    return state.id
                }
            )
            #expect(try await self.token(stores[1], old) == nil)
            #expect(try await self.token(stores[1], new) != nil)
            #expect(try await stores[1].count == 1)
        }
    }

    @Test func anIdleSessionExpiresOnReadOnEveryInstance() async throws {
        try await withClients(2) { _, clients in
            let stores = try await self.stores(clients, .init(idleTimeout: .seconds(60)))
            let id = try await self.newSession(stores[0])
            self.clock.advance(by: .seconds(59))
            #expect(try await self.token(stores[1], id) == "t")
            self.clock.advance(by: .seconds(60))
            #expect(try await self.token(stores[0], id) == nil)
            #expect(try await stores[1].count == 0)
        }
    }

    @Test func anOldSessionExpiresHoweverBusy() async throws {
        try await withClients(1) { _, clients in
            let store = try await self.stores(
                clients,
                .init(idleTimeout: .seconds(60), absoluteTimeout: .seconds(300))
            )[0]
            let id = try await self.newSession(store)
            for _ in 0..<5 {
                self.clock.advance(by: .seconds(50))
                #expect(try await self.token(store, id) == "t")
            }
            self.clock.advance(by: .seconds(50))
            #expect(try await self.token(store, id) == nil)
        }
    }

    @Test func sweepingFromSeveralInstancesRemovesEachExpiredSessionOnce() async throws {
        try await withClients(2) { _, clients in
            let stores = try await self.stores(clients, .init(idleTimeout: .seconds(60)))
            for _ in 0..<3 { _ = try await self.newSession(stores[0]) }
            self.clock.advance(by: .seconds(30))
            let kept = try await self.newSession(stores[1])
            self.clock.advance(by: .seconds(31))
            async let first = stores[0].sweep(now: self.clock.now)
            async let second = stores[1].sweep(now: self.clock.now)
            let swept = try await first + second
            #expect(swept == 3)
            #expect(try await stores[0].count == 1)
            #expect(try await self.token(stores[0], kept) == "t")
        }
    }

    /// Marks a session established, as the web layer does when the app calls `establish()`.
    func establish(_ store: PostgresSessionStore, _ id: SessionID) async throws {
        _ = try await store.withSession(id: id, now: self.clock.now, access: .exclusive, makeTree: self.makeTree) {
            $0.isEstablished = true
        }
    }

    /// M1: sessions nobody signed in to go first, even ones that came back.
    @Test func atTheCapSessionsTheAppDidNotEstablishGoFirstEvenWhenTheyCameBack() async throws {
        try await withClients(1) { _, clients in
            let store = try await self.stores(clients, .init(maxSessions: 3))[0]
            let signedIn = try await self.newSession(store)
            try await self.establish(store, signedIn)
            let returning = try await self.newSession(store)
            self.clock.advance(by: .seconds(1))
            _ = try await self.token(store, returning)
            _ = try await self.newSession(store)
            _ = try await self.newSession(store)
            #expect(try await store.count == 3)
            #expect(try await self.token(store, signedIn) == "t")
            #expect(try await self.token(store, returning) == nil)
        }
    }

    /// M1: the row's last-seen time moves with the coarse touch only; eviction still takes the
    /// session whose last request is oldest, not the one touched longest ago.
    @Test func atTheCapTheSessionUsedLeastRecentlyGoesNotTheOneTouchedLongestAgo() async throws {
        try await withClients(1) { _, clients in
            let store = try await self.stores(clients, .init(maxSessions: 2))[0]
            let active = try await self.newSession(store)
            try await self.establish(store, active)
            self.clock.advance(by: .seconds(30))
            let idle = try await self.newSession(store)
            try await self.establish(store, idle)
            self.clock.advance(by: .seconds(29))
            _ = try await self.token(store, active)  // no touch: 59 s after the last one
            self.clock.advance(by: .seconds(1))
            _ = try await self.newSession(store)
            #expect(try await self.token(store, idle) == nil)
            #expect(try await self.token(store, active) == "t")
        }
    }

    @Test func aSnapshotThatNoLongerFitsDropsItsSession() async throws {
        try await withClients(2) { _, clients in
            let stores = try await self.stores(clients)
            let id = try await self.newSession(stores[0])
            try await clients[0].query(
                "UPDATE signalbox_session SET snapshot = '{\"root\":\"renamedByADeploy\"}', version = version + 1 WHERE id = \(id.rawValue)"
            )
            #expect(try await self.token(stores[1], id) == nil)
            #expect(try await stores[1].count == 0)
        }
    }

    @Test func aSnapshotLargerThanTheLimitIsRefusedWhenSaved() async throws {
        try await withClients(1) { _, clients in
            let store = try await self.stores(clients, .init(maxSnapshotBytes: 400))[0]
            let id = try await self.newSession(store)
            await #expect(throws: PostgresStoreError.self) {
                try await store.withSession(id: id, now: self.clock.now, access: .exclusive, makeTree: self.makeTree) {
                    $0.tree.pendingPath = "/" + String(repeating: "x", count: 500)
                }
            }
            let path = try await store.withSession(
                id: id,
                now: self.clock.now,
                access: .retryable,
                makeTree: self.makeTree
            ) {
                $0.tree.pendingPath
            }
            #expect(path == .some(nil))
        }
    }

    @Test func anOutageIsA503WithRetryAfterAndTheStoreRecoversByItself() async throws {
        try await withClients(1) { database, clients in
            let store = try await self.stores(clients)[0]
            let id = try await self.newSession(store)
            let ran = Atomic<Int>(0)
            try await database.outage {
                let error = await #expect(throws: PostgresStoreError.self) {
                    try await store.withSession(
                        id: id,
                        now: self.clock.now,
                        access: .exclusive,
                        makeTree: self.makeTree
                    ) {
                        _ in ran.add(1, ordering: .relaxed)
                    }
                }
                let web = try #require(error).webError
                #expect(web.status == .serviceUnavailable)
                #expect(web.retryAfter != nil)
                await #expect(throws: PostgresStoreError.self) { try await store.checkReadiness() }
            }
            #expect(ran.load(ordering: .relaxed) == 0)
            try await until { (try? await store.checkReadiness()) != nil }
            #expect(try await self.token(store, id) == "t")
        }
    }
}

extension PostgresSessionStoreTests {
    /// Connections dropped while statements are in flight (a restart, as clients see it): every
    /// request ends, answered or 503, and the store serves again afterwards.
    @Test(.timeLimit(.minutes(1))) func connectionsDroppedUnderLoadNeverHangARequest() async throws {
        try await withClients(1) { database, clients in
            let store = try await self.stores(clients, .init(statementWait: .seconds(3)))[0]
            var ids: [SessionID] = []
            for _ in 0..<8 { ids.append(try await self.newSession(store)) }
            let finished = EventLog()
            let now = self.clock.now
            let data = self.data
            for round in 0..<10 {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, id) in ids.enumerated() {
                        group.addTask {
                            for step in 0..<10 {
                                let access: SessionAccess = (index + step).isMultiple(of: 2) ? .exclusive : .retryable
                                _ = try? await store.withSession(
                                    id: id,
                                    now: now,
                                    access: access,
                                    makeTree: { TodoWebApp.makeTree(store: data) }
                                ) { $0.csrfToken = "t\(round)-\(step)" }
                                finished.add("ended")
                            }
                        }
                    }
                    group.addTask { try await database.dropConnections() }
                    // A hung request would keep this group waiting: the time limit fails the test.
                    try await group.waitForAll()
                }
            }
            #expect(finished.all.count == 10 * 8 * 10)
            try await until { (try? await store.checkReadiness()) != nil }
            #expect(try await self.token(store, ids[0]) != nil)
        }
    }
}

extension PostgresSessionStoreTests {
    /// A POST may have written the app's data before its session write failed: its answer must
    /// not say that nothing changed.
    @Test func aPostWhoseSessionCouldNotBeSavedDoesNotClaimThatNothingChanged() async throws {
        try await withClients(1) { database, clients in
            let store = try await self.stores(clients)[0]
            let id = try await self.newSession(store)
            let error = await #expect(throws: PostgresStoreError.self) {
                try await store.withSession(id: id, now: self.clock.now, access: .exclusive, makeTree: self.makeTree) {
                    state in
                    try await database.dropConnections()  // the database goes away while the handler runs
                    state.csrfToken = "changed"
                }
            }
            guard case .pageNotSaved = try #require(error) else {
                Issue.record("expected pageNotSaved, got \(String(describing: error))")
                return
            }
            let web = try #require(error).webError
            #expect(web.status == .serviceUnavailable)
            #expect(web.message.contains("may have been saved"))
            #expect(!web.message.contains("nothing changed"))
            try await until { (try? await store.checkReadiness()) != nil }
            #expect(try await self.token(store, id) == "t")  // the session as it was
        }
    }
}

extension PostgresSessionStoreTests {
    @Test func theSessionGaugeCountsWithoutScanningOnceTheTableIsAnalysed() async throws {
        try await withClients(1) { _, clients in
            let store = try await self.stores(clients)[0]
            for _ in 0..<3 { _ = try await self.newSession(store) }
            #expect(try await store.table.estimatedCount() == 3)  // never analysed: the exact count
            try await clients[0].query("ANALYZE signalbox_session")
            _ = try await self.newSession(store)
            #expect(try await store.table.estimatedCount() == 3)  // the planner's figure, not a scan
            #expect(try await store.count == 4)
        }
    }
}

/// What happened, in order, across tasks.
final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func add(_ event: String) { self.events.withLock { $0.append(event) } }
    var all: [String] { self.events.withLock { $0 } }
}

/// Waits until `condition` holds (checked every few milliseconds, for at most 10 seconds).
func until(_ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition did not become true within 10 seconds")
            return
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}
