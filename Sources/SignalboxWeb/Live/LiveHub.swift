import Signalbox
import Synchronization

/// The open live-page streams of one process: which topics each listens to, how many each
/// session and client has, and the heartbeat that wakes them all. Shared by every copy of a
/// ``WebApp`` (it is a value; this is one of its mutable parts).
///
/// An announcement wakes the listeners of its topics; each rechecks its page's validator. Wakes
/// are coalesced (a burst of announcements costs a stream one or two rechecks, not one each).
final class LiveHub: Sendable {
    /// A stream refused: its client address has ``WebApp/LivePages/maxStreamsPerClient`` open.
    struct TooManyForClient: Error {}

    /// What woke a stream.
    enum Wake: Sendable, Equatable {
        /// A topic it listens to was announced: check the page again.
        case changed
        /// The heartbeat: send a comment, check the lifetimes.
        case tick
        /// A newer stream of the session took its place: end.
        case replaced
    }

    /// One stream's registration: its wakes, and what to give back when it ends.
    struct Listener: Sendable {
        let id: UInt64
        let wakes: AsyncStream<Wake>
    }

    private struct Entry {
        var session: SessionID
        var client: String?
        var topics: Set<LiveTopic>
        var continuation: AsyncStream<Wake>.Continuation
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var byTopic: [LiveTopic: Set<UInt64>] = [:]
        /// Each session's streams, oldest first.
        var bySession: [SessionID: [UInt64]] = [:]
        var perClient: [String: Int] = [:]
        var nextID: UInt64 = 0
        var ticker: Task<Void, Never>?
    }

    private let state = Mutex(State())
    let limits: WebApp.LivePages
    /// Carries announcements to and from the app's other instances, if it has several.
    let relay: (any LiveRelay)?

    init(_ limits: WebApp.LivePages, relay: (any LiveRelay)?) {
        self.limits = limits
        self.relay = relay
        relay?.deliver { [weak self] topics in self?.announce(topics) }
    }

    deinit {
        self.state.withLock { $0.ticker?.cancel() }
    }

    /// The topic every page of `session` listens to: its tree changed in another window.
    static func topic(of session: SessionID) -> LiveTopic {
        LiveTopic("session", session.fingerprint)
    }

    /// Registers a stream of `session` from `client` listening to `topics` (its session's
    /// topic included), within the limits. Past the session's limit its oldest stream makes
    /// room (ended with ``Wake/replaced``): a closed page's stream goes unnoticed until a write
    /// to it fails, so a user who opens many pages quickly must not be refused for their own
    /// pages that are gone. Past the client's limit the new one is refused.
    func open(session: SessionID, client: String?, topics: Set<LiveTopic>) throws(TooManyForClient) -> Listener {
        let (wakes, continuation) = AsyncStream<Wake>.makeStream(bufferingPolicy: .bufferingNewest(2))
        var replaced: AsyncStream<Wake>.Continuation?
        defer {
            replaced?.yield(.replaced)
            replaced?.finish()
        }
        let id: UInt64? = self.state.withLock { state in
            // The session's oldest stream, when the session is at its limit.
            let streams = state.bySession[session, default: []]
            let oldest = streams.count >= self.limits.maxStreamsPerSession ? streams.first : nil
            if let client {
                let freed = oldest.flatMap { state.entries[$0]?.client } == client ? 1 : 0
                if state.perClient[client, default: 0] - freed >= self.limits.maxStreamsPerClient { return nil }
            }
            if let oldest { replaced = Self.remove(oldest, in: &state) }
            state.nextID += 1
            let id = state.nextID
            let topics = topics.union([Self.topic(of: session)])
            state.entries[id] = Entry(session: session, client: client, topics: topics, continuation: continuation)
            for topic in topics { state.byTopic[topic, default: []].insert(id) }
            state.bySession[session, default: []].append(id)
            if let client { state.perClient[client, default: 0] += 1 }
            if state.ticker == nil { state.ticker = self.startTicker() }
            return id
        }
        guard let id else { throw TooManyForClient() }
        return Listener(id: id, wakes: wakes)
    }

    /// Listens to `topics` (and the session's) from now on instead of what it listened to.
    func update(_ id: UInt64, topics: Set<LiveTopic>) {
        self.state.withLock { state in
            guard var entry = state.entries[id] else { return }
            let topics = topics.union([Self.topic(of: entry.session)])
            guard topics != entry.topics else { return }
            for topic in entry.topics.subtracting(topics) { Self.remove(id, from: topic, in: &state) }
            for topic in topics.subtracting(entry.topics) { state.byTopic[topic, default: []].insert(id) }
            entry.topics = topics
            state.entries[id] = entry
        }
    }

    /// Forgets a stream (it ended); its wakes finish.
    func close(_ id: UInt64) {
        self.state.withLock { Self.remove(id, in: &$0) }?.finish()
    }

    /// Removes a stream's registration; its continuation, to finish outside the lock.
    private static func remove(_ id: UInt64, in state: inout State) -> AsyncStream<Wake>.Continuation? {
        guard let entry = state.entries.removeValue(forKey: id) else { return nil }
        for topic in entry.topics { Self.remove(id, from: topic, in: &state) }
        state.bySession[entry.session]?.removeAll { $0 == id }
        if state.bySession[entry.session]?.isEmpty == true { state.bySession[entry.session] = nil }
        if let client = entry.client {
            let count = state.perClient[client, default: 1] - 1
            state.perClient[client] = count > 0 ? count : nil
        }
        return entry.continuation
    }

    /// What a change of `session`'s tree announces: the session's topic (its other windows, and
    /// its streams if the change ended or rotated it) and the topics of the screens it shows now.
    /// Nothing while no stream is open here and no other instance may have one.
    func topics(changedBy tree: NavigationTree, in session: SessionID) -> Set<LiveTopic> {
        guard self.relay != nil || self.state.withLock({ !$0.entries.isEmpty }) else { return [] }
        return Self.topics(of: tree.activeBranch).union([Self.topic(of: session)])
    }

    /// The topics the screens of `branch` name (``/Signalbox/Screen/liveTopics``).
    static func topics(of branch: ActiveBranch) -> Set<LiveTopic> {
        var topics = Set<LiveTopic>()
        for entry in branch.screens { topics.formUnion(entry.screen.liveTopics) }
        return topics
    }

    /// Wakes the streams listening to one of `topics`, here and (through the relay) on the
    /// app's other instances.
    func publish(_ topics: Set<LiveTopic>) {
        guard !topics.isEmpty else { return }
        self.announce(topics)
        self.relay?.send(topics)
    }

    /// Wakes every stream of this process listening to one of `topics`.
    func announce(_ topics: some Sequence<LiveTopic>) {
        let continuations = self.state.withLock { state -> [AsyncStream<Wake>.Continuation] in
            var ids = Set<UInt64>()
            for topic in topics { if let listeners = state.byTopic[topic] { ids.formUnion(listeners) } }
            return ids.compactMap { state.entries[$0]?.continuation }
        }
        for continuation in continuations { continuation.yield(.changed) }
    }

    /// Wakes every stream for its heartbeat (the ticker calls it every ``WebApp/LivePages/heartbeat``).
    func tick() {
        let continuations = self.state.withLock { $0.entries.values.map(\.continuation) }
        for continuation in continuations { continuation.yield(.tick) }
    }

    /// Open streams, in all.
    var count: Int {
        self.state.withLock { $0.entries.count }
    }

    private func startTicker() -> Task<Void, Never> {
        let interval = self.limits.heartbeat
        return Task.detached { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                guard let self else { return }
                self.tick()
            }
        }
    }

    private static func remove(_ id: UInt64, from topic: LiveTopic, in state: inout State) {
        state.byTopic[topic]?.remove(id)
        if state.byTopic[topic]?.isEmpty == true { state.byTopic[topic] = nil }
    }

}
