import Synchronization

/// The embedded session store: sessions in memory, with idle and absolute expiry and a cap on
/// live sessions. At the cap, sessions the app did not establish (``SessionControl/establish()``,
/// at login) are evicted first, least recently used first, so a flood of visitors never logs out
/// a signed-in user; then established ones, least recently used first. Expired sessions are swept by the store itself, at most once a minute, as
/// part of its lookups and inserts.
///
/// One `Mutex` guards the index (id → slot and the recency list); each session has its own
/// `AsyncLock`, so one session's requests run one at a time while other sessions' requests
/// run in parallel, and a request waiting for its session suspends instead of holding a thread.
///
/// ```swift
/// let store = MemorySessionStore(configuration: .init(idleTimeout: .seconds(900), maxSessions: 10_000))
/// let app = WebApp(renderer: renderer, sessions: store, logger: logger) { makeTree() }
/// ```
public final class MemorySessionStore: SessionStore {
    /// Expiry and capacity.
    public struct Configuration: Sendable {
        /// A session unused for this long is gone (default 30 minutes).
        public var idleTimeout: Duration
        /// A session older than this is gone however busy (default 8 hours).
        public var absoluteTimeout: Duration
        /// The most sessions held; inserting beyond evicts the least recently used (default 100 000).
        public var maxSessions: Int

        /// Expiry and capacity; the defaults match ``WebApp/Configuration``.
        public init(
            idleTimeout: Duration = .seconds(30 * 60),
            absoluteTimeout: Duration = .seconds(8 * 3600),
            maxSessions: Int = 100_000
        ) {
            self.idleTimeout = idleTimeout
            self.absoluteTimeout = absoluteTimeout
            self.maxSessions = maxSessions
        }
    }

    /// Expiry and capacity.
    public let configuration: Configuration
    private let index: Mutex<SessionIndex>

    /// An empty store.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.index = Mutex(
            SessionIndex(
                idleTimeout: configuration.idleTimeout,
                absoluteTimeout: configuration.absoluteTimeout,
                capacity: configuration.maxSessions
            )
        )
    }

    /// Runs `body` on the live session `id` (see ``SessionStore``); this store keeps live trees,
    /// so `makeTree` is never called.
    public func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        try await self.withSession(id: id, now: now, body)
    }

    /// Runs `body` on the live session `id`: ``withSession(id:now:makeTree:_:)`` without a tree
    /// factory, which this store does not need.
    public func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        let (found, expired) = self.index.withLock { $0.lookup(id, now: now) }
        for box in expired { box.markRemoved() }
        guard let box = found else { return nil }
        await box.lock.lock()
        defer { box.lock.unlock() }
        // The session may have been evicted or rotated away while this request waited.
        guard !box.isRemoved, var state = box.checkOut() else { return nil }
        guard state.id == id else {
            box.checkIn(state)
            return nil
        }
        state.lastSeenAt = now
        let wasEstablished = state.isEstablished
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(try await body(&state))
        } catch {
            result = .failure(error)
        }
        let newID = state.id
        let isEstablished = state.isEstablished && !wasEstablished
        box.checkIn(state)
        if newID != id {
            let moved = self.index.withLock { index in
                let moved = index.rekey(from: id, to: newID)
                if moved, isEstablished { index.establish(newID) }
                return moved
            }
            if !moved { box.markRemoved() }
        } else if isEstablished {
            self.index.withLock { $0.establish(id) }
        }
        return try result.get()
    }

    public func insert(_ state: sending SessionState) async throws {
        let id = state.id
        let createdAt = state.createdAt
        let lastSeenAt = state.lastSeenAt
        let isEstablished = state.isEstablished
        let box = SessionBox(state)
        let evicted = self.index.withLock {
            $0.insert(id, box: box, createdAt: createdAt, lastSeenAt: lastSeenAt, isEstablished: isEstablished)
        }
        for old in evicted { old.markRemoved() }
    }

    public func remove(id: SessionID) async throws {
        self.index.withLock { $0.remove(id) }?.markRemoved()
    }

    @discardableResult
    public func sweep(now: SessionInstant) async throws -> Int {
        let expired = self.index.withLock { $0.sweep(now: now) }
        for box in expired { box.markRemoved() }
        return expired.count
    }

    public var count: Int {
        get async throws { self.index.withLock { $0.count } }
    }

    /// Session ids from most to least recently used.
    package var idsByRecency: [SessionID] {
        self.index.withLock { $0.idsByRecency }
    }

    /// Ids of the sessions the app has not established (the first evicted at the cap), most
    /// recently used first.
    package var provisionalIDs: [SessionID] {
        self.index.withLock { $0.provisionalIDs }
    }
}
