public import Logging
@_spi(SessionStores) public import SignalboxWeb
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sessions that survive restarts and `kill -9`: one row per session in a SQLite file (WAL), the
/// coordinator tree kept as its ``/Signalbox/NavigationSnapshot``.
///
/// ```swift
/// let sessions = try SQLiteSessionStore(path: "sessions.sqlite", logger: logger)
/// let app = WebApp(renderer: renderer, sessions: sessions, logger: logger) { makeTree() }
/// ```
///
/// - A request that changes nothing in its session writes nothing, except a coarse last-seen
///   touch at most once per ``Configuration/touchInterval``. The stored last-seen time moves only
///   with that touch, so a hibernated or crashed session can expire up to one interval early;
///   a change is never lost.
/// - A request that changes the tree, rotates the id or renews the token commits before its
///   response is sent. When the write fails (a full disk, say) the request answers 503, the
///   session stays as it was, and the server goes on.
/// - The most recently used sessions (``Configuration/hotSessions``) stay live in memory; the
///   others hibernate as rows and are restored from their snapshot on their next request.
/// - Expiry is checked on every read and swept by the store itself (at most once a minute, as
///   sessions are created); at ``Configuration/maxSessions`` sessions the app did not establish
///   (``/SignalboxWeb/SessionControl/establish()``) are evicted first, then the least recently used — by the
///   time of their last request, which the store knows in memory even when the row's last touch
///   is older.
/// - A snapshot is untrusted input: it is size-limited, and restoring decodes its inputs with the
///   same decoders as paths, within the tree's depth limit. One that no longer fits the app (a
///   route renamed by a deploy) drops its session like an unknown id; the URL still rebuilds the
///   page after login.
///
/// One process owns the file (the row count and the live trees are kept in memory).
public final class SQLiteSessionStore: SessionStore {
    /// Expiry, capacity and what stays in memory.
    public struct Configuration: Sendable {
        /// A session unused for this long is gone (default 30 minutes).
        public var idleTimeout: Duration
        /// A session older than this is gone however busy (default 8 hours).
        public var absoluteTimeout: Duration
        /// The most sessions kept (rows); past it, sessions no request came back to go first,
        /// then the least recently used (default 1 000 000).
        public var maxSessions: Int
        /// The most sessions kept live in memory; the others hibernate (default 10 000).
        public var hotSessions: Int
        /// How often an unchanged session's last-seen time is written (default 60 seconds).
        public var touchInterval: Duration
        /// The largest snapshot restored; larger rows are dropped as untrusted (default 256 KiB).
        public var maxSnapshotBytes: Int

        /// The defaults suit one server process.
        public init(
            idleTimeout: Duration = .seconds(30 * 60),
            absoluteTimeout: Duration = .seconds(8 * 3600),
            maxSessions: Int = 1_000_000,
            hotSessions: Int = 10_000,
            touchInterval: Duration = .seconds(60),
            maxSnapshotBytes: Int = 256 * 1024
        ) {
            self.idleTimeout = idleTimeout
            self.absoluteTimeout = absoluteTimeout
            self.maxSessions = maxSessions
            self.hotSessions = hotSessions
            self.touchInterval = touchInterval
            self.maxSnapshotBytes = maxSnapshotBytes
        }
    }

    /// Expiry, capacity and what stays in memory.
    public let configuration: Configuration
    /// The database file.
    public var path: String { self.database.path }
    let database: SessionDatabase
    private let hot: Mutex<HotSessions>
    private let bookkeeping: Mutex<Bookkeeping>
    private let logger: Logger

    private struct Bookkeeping {
        var rows: Int
        var lastSweep: SessionInstant?
    }

    /// Opens (or creates) the store in the SQLite file at `path`.
    ///
    /// - Throws: ``SQLiteStoreError/cannotOpen(path:reason:)`` naming the file and the problem.
    public init(path: String, configuration: Configuration = Configuration(), logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        self.database = try SessionDatabase(path: path)
        self.hot = Mutex(
            HotSessions(
                idleTimeout: configuration.idleTimeout,
                absoluteTimeout: configuration.absoluteTimeout,
                capacity: configuration.hotSessions
            )
        )
        self.bookkeeping = Mutex(Bookkeeping(rows: try self.database.countAtOpening()))
    }

    public func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        var acquired = self.hot.withLock { $0.acquire(id, now: now) }
        if acquired == nil {
            guard let restored = try await self.restore(id, now: now, makeTree: makeTree) else { return nil }
            acquired = self.hot.withLock { $0.adopt(restored.box, id: id, createdAt: restored.createdAt, now: now) }
        }
        guard let box = acquired else { return nil }
        defer { self.hot.withLock { $0.release(id, box: box) } }
        await box.lock.lock()
        defer { box.lock.unlock() }
        guard !box.isRemoved, var state = box.checkOut() else { return nil }
        guard state.id == id, let saved = box.saved else {
            box.checkIn(state)
            return nil
        }
        state.lastSeenAt = now
        let treeBefore = state.tree
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(try await body(&state))
        } catch {
            result = .failure(error)
        }
        do {
            box.saved = try await self.persist(state, saved: saved, sameTree: state.tree === treeBefore, now: now)
        } catch {
            // Nothing of this request's change is kept: the next request restores the last row.
            box.markRemoved()
            self.hot.withLock { $0.forget([id, state.id]) }
            self.logger.error(
                "session change not saved",
                metadata: ["session.id": "\(id.fingerprint)", "error": "\(error)"]
            )
            if let error = error as? SQLiteStoreError { throw error }
            throw SQLiteStoreError.writeFailed(path: self.path, reason: SessionDatabase.reason(error))
        }
        box.checkIn(state)
        if state.id != id { self.hot.withLock { $0.rekey(from: id, to: state.id) } }
        return try result.get()
    }

    /// Writes what the request changed, or the coarse touch; returns what is now saved.
    private func persist(
        _ state: SessionState,
        saved: SavedSession,
        sameTree: Bool,
        now: SessionInstant
    ) async throws
        -> SavedSession
    {
        let touchDue = now - saved.touchedAt >= self.configuration.touchInterval
        var next = saved
        let revision = state.tree.revision
        let snapshot: NavigationSnapshot
        if sameTree && revision == saved.revision {
            // Nothing a snapshot holds changed since the last one: no need to take another.
            assert((try? state.tree.snapshot()) == saved.snapshot, "the tree changed without moving its revision")
            snapshot = saved.snapshot
        } else {
            snapshot = try state.tree.snapshot()
            next.revision = revision
        }
        let isProvisional = !state.isEstablished
        if state.id != saved.id || state.csrfToken != saved.csrfToken || snapshot != saved.snapshot
            || isProvisional != saved.isProvisional
        {
            // The last-seen time (an indexed column) moves with the coarse touch only, so most
            // changes rewrite the row and not the eviction index.
            let touchedAt = touchDue || state.id != saved.id ? now : saved.touchedAt
            next = SavedSession(
                id: state.id,
                csrfToken: state.csrfToken,
                snapshot: snapshot,
                revision: revision,
                version: saved.version + 1,
                touchedAt: touchedAt,
                isProvisional: isProvisional
            )
            let text = snapshot.jsonText
            // What is saved must come back: restoring refuses larger rows.
            guard text.utf8.count <= self.configuration.maxSnapshotBytes else {
                throw SQLiteStoreError.writeFailed(
                    path: self.path,
                    reason:
                        "the session's snapshot (\(text.utf8.count) bytes) is larger than \(self.configuration.maxSnapshotBytes)"
                )
            }
            let row = SessionRow(
                id: state.id.rawValue,
                csrfToken: state.csrfToken,
                createdAt: state.createdAt.milliseconds,
                lastSeenAt: touchedAt.milliseconds,
                version: next.version,
                isProvisional: isProvisional,
                snapshot: text
            )
            if state.id != saved.id {
                try await self.database.save(row, replacing: saved.id.rawValue)
            } else if touchDue || isProvisional != saved.isProvisional {
                try await self.database.update(row)
            } else {
                try await self.database.updateContent(row)
            }
        } else if touchDue {
            try await self.database.touch(id: state.id, lastSeenAt: now.milliseconds)
            next.touchedAt = now
        }
        return next
    }

    /// Reads and restores a hibernated session; `nil` when there is none, it expired, or its
    /// snapshot does not fit the app any more (the row is then deleted).
    private func restore(
        _ id: SessionID,
        now: SessionInstant,
        makeTree: () -> NavigationTree
    ) async throws
        -> (box: SessionBox, createdAt: SessionInstant)?
    {
        let found: SessionRow?
        do {
            found = try self.database.row(id: id)
        } catch let error as SessionDatabase.UnusableRow {
            self.logger.warning(
                "session dropped: its row cannot be decoded",
                metadata: ["session.id": "\(id.fingerprint)", "error": "\(error.reason.prefix(300))"]
            )
            try await self.deleteRows([id])
            return nil
        } catch {
            self.logger.error(
                "session not read",
                metadata: ["session.id": "\(id.fingerprint)", "error": "\(SessionDatabase.reason(error))"]
            )
            throw SQLiteStoreError.readFailed(path: self.path, reason: SessionDatabase.reason(error))
        }
        guard let row = found else { return nil }
        let createdAt = SessionInstant(milliseconds: row.createdAt)
        let lastSeenAt = SessionInstant(milliseconds: row.lastSeenAt)
        if now - lastSeenAt >= self.configuration.idleTimeout || now - createdAt >= self.configuration.absoluteTimeout {
            try await self.deleteRows([id])
            return nil
        }
        let tree = makeTree()
        let snapshot: NavigationSnapshot
        do {
            guard row.snapshot.utf8.count <= self.configuration.maxSnapshotBytes else {
                throw NavigationError.snapshotMismatch(
                    reason: "\(row.snapshot.utf8.count) bytes, more than \(self.configuration.maxSnapshotBytes)"
                )
            }
            snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(row.snapshot.utf8))
            try await tree.restore(snapshot)
        } catch {
            self.logger.warning(
                "session dropped: its snapshot does not fit the app",
                metadata: ["session.id": "\(id.fingerprint)", "error": "\(String(describing: error).prefix(300))"]
            )
            try await self.deleteRows([id])
            return nil
        }
        let state = SessionState(
            id: id,
            csrfToken: row.csrfToken,
            createdAt: createdAt,
            lastSeenAt: lastSeenAt,
            isEstablished: !row.isProvisional,
            tree: tree
        )
        let saved = SavedSession(
            id: id,
            csrfToken: row.csrfToken,
            // The restored tree's own snapshot (it may complete what the row omitted, such as an
            // active tab's content), so that "unchanged" compares like with like.
            snapshot: (try? tree.snapshot()) ?? snapshot,
            revision: tree.revision,
            version: row.version,
            touchedAt: lastSeenAt,
            isProvisional: row.isProvisional
        )
        return (SessionBox(state, saved: saved), createdAt)
    }

    public func insert(_ state: sending SessionState) async throws {
        let snapshot = try state.tree.snapshot()
        let revision = state.tree.revision
        let id = state.id
        let now = state.lastSeenAt
        let row = SessionRow(
            id: id.rawValue,
            csrfToken: state.csrfToken,
            createdAt: state.createdAt.milliseconds,
            lastSeenAt: now.milliseconds,
            version: 1,
            isProvisional: !state.isEstablished,
            snapshot: snapshot.jsonText
        )
        try await self.sweepIfDue(now: now)
        let excess = self.bookkeeping.withLock { $0.rows + 1 - self.configuration.maxSessions }
        if excess > 0 {
            // The rows' last-seen times lag by up to a touch interval; the hot sessions' are exact.
            let evicted = try await self.database.evict(excess) { id in
                SessionID(rawValue: id).flatMap { id in self.hot.withLock { $0.lastSeen(id) } }?.milliseconds
            }
            try await self.forget(evicted)
        }
        do {
            try await self.database.insert(row)
        } catch {
            throw SQLiteStoreError.writeFailed(path: self.path, reason: SessionDatabase.reason(error))
        }
        self.bookkeeping.withLock { $0.rows += 1 }
        let saved = SavedSession(
            id: id,
            csrfToken: row.csrfToken,
            snapshot: snapshot,
            revision: revision,
            version: 1,
            touchedAt: now,
            isProvisional: row.isProvisional
        )
        let box = SessionBox(state, saved: saved)
        let createdAt = SessionInstant(milliseconds: row.createdAt)
        self.hot.withLock { hot in
            let adopted = hot.adopt(box, id: id, createdAt: createdAt, now: now)
            hot.release(id, box: adopted)
        }
    }

    public func remove(id: SessionID) async throws {
        try await self.deleteRows([id])
    }

    @discardableResult
    public func sweep(now: SessionInstant) async throws -> Int {
        self.bookkeeping.withLock { $0.lastSweep = now }
        let expired = try await self.database.deleteExpired(
            idleBefore: (now + (Duration.zero - self.configuration.idleTimeout)).milliseconds + 1,
            createdBefore: (now + (Duration.zero - self.configuration.absoluteTimeout)).milliseconds + 1
        )
        try await self.forget(expired)
        return expired.count
    }

    public var count: Int {
        get async throws { self.bookkeeping.withLock { $0.rows } }
    }

    private func sweepIfDue(now: SessionInstant) async throws {
        let due = self.bookkeeping.withLock { bookkeeping -> Bool in
            guard let last = bookkeeping.lastSweep else {
                bookkeeping.lastSweep = now
                return false
            }
            return now - last >= .seconds(60)
        }
        if due { try await self.sweep(now: now) }
    }

    private func deleteRows(_ ids: [SessionID]) async throws {
        for id in ids { try await self.database.delete(id: id) }
        try await self.forget(ids.map(\.rawValue))
    }

    /// Forgets deleted rows in memory.
    private func forget(_ ids: [String]) async throws {
        let sessionIDs = ids.compactMap(SessionID.init(rawValue:))
        self.hot.withLock { $0.forget(sessionIDs) }
        self.bookkeeping.withLock { $0.rows = max(0, $0.rows - ids.count) }
    }
}
