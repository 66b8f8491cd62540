public import Signalbox

/// Where sessions live between requests.
///
/// The web layer calls ``withSession(id:now:makeTree:_:)`` once per request that carries a session
/// cookie, ``insert(_:)`` when a new visitor's first page rendered, and ``sweep(now:)`` when the
/// host asks it to (see ``WebApp/sweepExpiredSessions()``); a store also sweeps on its own (its
/// own loop, or as ``MemorySessionStore`` does, during lookups). A store must:
///
/// - **serialise** the requests of one session: two `withSession` bodies for the same session
///   never run at the same time (bodies of different sessions may);
/// - **expire** sessions: a session idle for longer than its idle timeout, or older than its
///   absolute timeout, is gone (checked at lookup, not only when sweeping);
/// - **never adopt** an id it did not insert: an unknown id is `nil`, never a new session;
/// - **re-key on rotation**: when a body assigns a new ``SessionState/id``, the session moves to
///   it atomically and the old id stops working.
///
/// ``MemorySessionStore`` is the embedded default. A persistent store follows the same shape,
/// keeping rows of `(id, csrfToken, createdAt, lastSeenAt, snapshot)` where `snapshot` is the
/// JSON of ``/Signalbox/NavigationTree/snapshot()``:
///
/// - **SQLite** (`SQLiteSessionStore` in SignalboxSQLite, one process): recently used sessions stay
///   live in memory behind a per-id `AsyncLock`; after the body, a changed snapshot (or id, or
///   token) is written as `NavigationSnapshot.jsonText` and committed before the
///   answer. Idle sessions hibernate as rows and come back through `makeTree` and
///   ``/Signalbox/NavigationTree/restore(_:)``. A snapshot that no longer fits the app (after a deploy) drops
///   the session, which the web layer treats like an unknown id — the URL still rebuilds the page.
/// - **PostgreSQL** shared by several instances behind a load balancer without sticky sessions:
///   the same, with `SELECT … FOR UPDATE` on the row as the cross-instance lock and expiry as a
///   `WHERE` clause (`last_seen_at > now - idle AND created_at > now - absolute`). An instance may
///   cache the live tree keyed by `(id, version)` to skip the restore when it served the
///   previous request too.
///
/// Bodies are `async`: a session's guards, handlers and screens may await. The store must not
/// block a thread while a body of the same session runs; a request waiting for its session
/// suspends (``MemorySessionStore`` queues it on a per-session `AsyncLock`).
public protocol SessionStore: Sendable {
    /// Runs `body` on the live session `id`, serialised with the session's other requests.
    ///
    /// - Parameters:
    ///   - id: The id from the request's cookie.
    ///   - now: The current time: expired sessions are removed instead of served, and a served
    ///     session's ``SessionState/lastSeenAt`` becomes `now`.
    ///   - makeTree: Builds an empty tree of the app's, for a store that keeps sessions as
    ///     snapshots to restore into (``/Signalbox/NavigationTree/restore(_:)``). Stores that keep live trees
    ///     never call it.
    ///   - body: Works on the session; may assign a new id to rotate it.
    /// - Returns: The body's result, or `nil` when there is no live session with that id.
    /// - Throws: What `body` throws, or the store's own I/O errors (a change it could not save:
    ///   the session is then as it was before the request).
    func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result?

    /// Runs `body` like ``withSession(id:now:makeTree:_:)``, saying whether it may be run again
    /// (see ``SessionAccess``). The web layer calls this one; the default ignores `access`.
    func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        access: SessionAccess,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result?

    /// Adds a new session (its ``SessionState/lastSeenAt`` counts as its last use). A store
    /// with a cap evicts the least recently used sessions to make room.
    func insert(_ state: sending SessionState) async throws

    /// Forgets a session (logout, say). Unknown ids are ignored.
    func remove(id: SessionID) async throws

    /// Removes every session that expired by `now` and returns how many went.
    @discardableResult
    func sweep(now: SessionInstant) async throws -> Int

    /// The number of sessions held (expired ones not yet swept included).
    var count: Int { get async throws }
}

extension SessionStore {
    /// A store in one process serialises every request of a session: how a body may be run
    /// does not matter to it.
    public func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        access: SessionAccess,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        try await self.withSession(id: id, now: now, makeTree: makeTree, body)
    }
}
