import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct MemorySessionStoreTests {
    let clock = ManualSessionClock()

    func makeStore(
        idle: Duration = .seconds(1800),
        absolute: Duration = .seconds(8 * 3600),
        max: Int = 100
    )
        -> MemorySessionStore
    {
        MemorySessionStore(configuration: .init(idleTimeout: idle, absoluteTimeout: absolute, maxSessions: max))
    }

    func insertSession(into store: MemorySessionStore) async throws -> SessionID {
        let state = SessionState.new(tree: NavigationTree(root: AppCoordinator(probe: Probe())), now: self.clock.now)
        let id = state.id
        try await store.insert(state)
        return id
    }

    func isLive(_ id: SessionID, in store: MemorySessionStore) async throws -> Bool {
        try await store.withSession(id: id, now: self.clock.now) { _ in true } ?? false
    }

    @Test func unknownIDsAreNeverAdopted() async throws {
        let store = self.makeStore()
        let made = try await store.withSession(id: .random(), now: self.clock.now) { _ in "ran" }
        #expect(made == nil)
        #expect(try await store.count == 0)
    }

    @Test func aSessionIdleForTheIdleTimeoutExpires() async throws {
        let store = self.makeStore(idle: .seconds(60))
        let id = try await self.insertSession(into: store)
        self.clock.advance(by: .seconds(59))
        #expect(try await self.isLive(id, in: store))  // and this use resets the idle timer
        self.clock.advance(by: .seconds(59))
        #expect(try await self.isLive(id, in: store))
        self.clock.advance(by: .seconds(60))
        #expect(try await !self.isLive(id, in: store))
        #expect(try await store.count == 0)
    }

    @Test func aBusySessionStillExpiresAtTheAbsoluteTimeout() async throws {
        let store = self.makeStore(idle: .seconds(60), absolute: .seconds(300))
        let id = try await self.insertSession(into: store)
        for _ in 0..<5 {
            self.clock.advance(by: .seconds(50))
            #expect(try await self.isLive(id, in: store))
        }
        self.clock.advance(by: .seconds(50))
        #expect(try await !self.isLive(id, in: store))
    }

    @Test func theLeastRecentlyUsedSessionIsEvictedAtTheCap() async throws {
        let store = self.makeStore(max: 3)
        let a = try await self.insertSession(into: store)
        let b = try await self.insertSession(into: store)
        let c = try await self.insertSession(into: store)
        #expect(try await self.isLive(a, in: store))  // a is now the most recently used; b the least
        let d = try await self.insertSession(into: store)
        #expect(store.idsByRecency == [d, a, c])
        #expect(try await !self.isLive(b, in: store))
        #expect(try await self.isLive(c, in: store))
        #expect(try await store.count == 3)
    }

    @Test func sessionsTheAppDidNotEstablishAreEvictedFirstEvenWhenTheyCameBack() async throws {
        let store = self.makeStore(max: 3)
        let alice = try await self.insertSession(into: store)
        // alice signs in: the app establishes her session.
        _ = try await store.withSession(id: alice, now: self.clock.now) { state in state.isEstablished = true }
        self.clock.advance(by: .seconds(1))
        // The M1 attack: sessions that come back once (a GET with their cookie) used to count
        // as established and, at the cap, logged alice out.
        var flood: [SessionID] = []
        for _ in 0..<50 {
            let id = try await self.insertSession(into: store)
            #expect(try await self.isLive(id, in: store))
            flood.append(id)
        }
        #expect(try await store.count == 3)
        #expect(store.provisionalIDs == [flood[49], flood[48]])
        #expect(try await self.isLive(alice, in: store))
        // With no provisional session left, the least recently used established one goes.
        let bob = try await self.insertSession(into: store)
        _ = try await store.withSession(id: bob, now: self.clock.now) { state in state.isEstablished = true }
        let carol = try await self.insertSession(into: store)
        _ = try await store.withSession(id: carol, now: self.clock.now) { state in state.isEstablished = true }
        #expect(store.provisionalIDs.isEmpty)
        #expect(try await self.isLive(alice, in: store))  // alice is active: bob is now the oldest
        _ = try await self.insertSession(into: store)
        #expect(try await !self.isLive(bob, in: store))
        #expect(try await self.isLive(alice, in: store))
    }

    @Test func anEstablishedSessionKeepsItsStandingWhenItsIDRotates() async throws {
        let store = self.makeStore(max: 2)
        let first = try await self.insertSession(into: store)
        let rotated = try await store.withSession(id: first, now: self.clock.now) { state in
            state.rotate()
            state.isEstablished = true
            return state.id
        }
        let id = try #require(rotated)
        for _ in 0..<5 { _ = try await self.insertSession(into: store) }
        #expect(try await self.isLive(id, in: store))
        #expect(try await !self.isLive(first, in: store))
    }

    @Test func theStoreSweepsAtMostOnceAMinuteOnItsOwn() async throws {
        let store = self.makeStore(idle: .seconds(30))
        let first = try await self.insertSession(into: store)
        self.clock.advance(by: .seconds(40))
        let second = try await self.insertSession(into: store)  // 40 s after the first look: no sweep yet
        #expect(try await store.count == 2)
        self.clock.advance(by: .seconds(25))
        #expect(try await self.isLive(second, in: store))  // 65 s: this look-up sweeps `first`
        #expect(try await store.count == 1)
        #expect(try await !self.isLive(first, in: store))
    }

    @Test func sweepingRemovesOnlyExpiredSessions() async throws {
        let store = self.makeStore(idle: .seconds(60))
        let old = try await self.insertSession(into: store)
        self.clock.advance(by: .seconds(45))
        let young = try await self.insertSession(into: store)
        self.clock.advance(by: .seconds(30))
        #expect(try await store.sweep(now: self.clock.now) == 1)
        #expect(store.idsByRecency == [young])
        #expect(try await !self.isLive(old, in: store))
    }

    @Test func assigningANewIDInsideTheSessionRekeysIt() async throws {
        let store = self.makeStore()
        let old = try await self.insertSession(into: store)
        let new = try #require(
            try await store.withSession(id: old, now: self.clock.now) { state -> SessionID in
                state.rotate()
                return state.id
            }
        )
        #expect(new != old)
        #expect(try await !self.isLive(old, in: store))
        #expect(try await self.isLive(new, in: store))
        #expect(try await store.count == 1)
    }

    @Test func removedSessionsAreGone() async throws {
        let store = self.makeStore()
        let id = try await self.insertSession(into: store)
        try await store.remove(id: id)
        #expect(try await !self.isLive(id, in: store))
        try await store.remove(id: id)  // unknown ids are ignored
    }

    @Test func freedSlotsAreReusedAndTheRecencyListStaysConsistent() async throws {
        let store = self.makeStore(max: 4)
        var ids: [SessionID] = []
        for _ in 0..<12 { ids.append(try await self.insertSession(into: store)) }
        #expect(store.idsByRecency == Array(ids.suffix(4).reversed()))
        try await store.remove(id: ids[9])
        #expect(try await self.isLive(ids[8], in: store))
        #expect(store.idsByRecency == [ids[8], ids[11], ids[10]])
    }
}

@Suite struct MemorySessionStoreQueueingTests {
    /// A gate a session body waits on, opened by the test.
    actor Gate {
        private var waiter: CheckedContinuation<Void, Never>?
        private var isOpen = false
        private(set) var log: [String] = []

        func note(_ entry: String) { self.log.append(entry) }

        func wait() async {
            if self.isOpen { return }
            await withCheckedContinuation { self.waiter = $0 }
        }

        func open() {
            self.isOpen = true
            self.waiter?.resume()
            self.waiter = nil
        }
    }

    @Test func aRequestForABusySessionWaitsWithoutBlockingOtherSessions() async throws {
        let clock = ManualSessionClock()
        let store = MemorySessionStore()
        let busy = SessionState.new(tree: NavigationTree(root: AppCoordinator(probe: Probe())), now: clock.now)
        let other = SessionState.new(tree: NavigationTree(root: AppCoordinator(probe: Probe())), now: clock.now)
        let (busyID, otherID) = (busy.id, other.id)
        try await store.insert(busy)
        try await store.insert(other)
        let gate = Gate()

        let first = Task {
            try await store.withSession(id: busyID, now: clock.now) { _ in
                await gate.note("first started")
                await gate.wait()
                await gate.note("first ended")
            }
        }
        while await gate.log.isEmpty { await Task.yield() }
        let second = Task {
            try await store.withSession(id: busyID, now: clock.now) { _ in await gate.note("second ran") }
        }
        // The other session is served while the busy one is held (its body suspended).
        _ = try await store.withSession(id: otherID, now: clock.now) { _ in await gate.note("other ran") }
        await gate.open()
        _ = try await first.value
        _ = try await second.value
        #expect(await gate.log == ["first started", "other ran", "first ended", "second ran"])
    }
}
