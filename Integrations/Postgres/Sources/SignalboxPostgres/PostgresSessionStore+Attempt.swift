import Logging
@_spi(SessionStores) import SignalboxWeb
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One run of a request on its session: read the row, reuse or restore the tree, run the body,
/// write what changed.
extension PostgresSessionStore {
    enum Attempt<Value: Sendable>: Sendable {
        /// The body ran and its change (if any) is written; `keep` is the tree to cache once
        /// the write is committed.
        case finished(Swift.Result<Value, any Error>, keep: (id: SessionID, entry: LiveTree)?)
        /// No live session with that id (never was, expired, or its snapshot no longer fits).
        case gone
        /// Another request changed the session after it was read: nothing was written.
        case conflict
    }

    func attempt<Value: Sendable>(
        _ id: SessionID,
        now: SessionInstant,
        on executor: SessionTable.Executor,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Value
    ) async throws -> Attempt<Value> {
        let locked: Bool
        if case .connection = executor { locked = true } else { locked = false }
        let cached = self.live.withLock { $0.checkOut(id) }
        let found = try await self.database(id, "session not read") {
            try await self.table.row(id: id.rawValue, knownVersion: cached?.version, forUpdate: locked, on: executor)
        }
        guard let row = found else { return .gone }
        let createdAt = SessionInstant(milliseconds: row.createdAt)
        let lastSeenAt = SessionInstant(milliseconds: row.lastSeenAt)
        guard now - lastSeenAt < self.configuration.idleTimeout,
            now - createdAt < self.configuration.absoluteTimeout
        else {
            try await self.database(id, "expired session not deleted") {
                try await self.table.delete(id: id.rawValue, on: executor)
            }
            return .gone
        }
        let entry: LiveTree
        if let cached, row.snapshot == nil {
            self.counters.treeCache(hit: true)
            entry = cached
        } else {
            self.counters.treeCache(hit: false)
            guard let restored = await self.restore(id, row, makeTree: makeTree) else {
                try await self.database(id, "unusable session not deleted") {
                    try await self.table.delete(id: id.rawValue, on: executor)
                }
                return .gone
            }
            entry = restored
        }
        var state = SessionState(
            id: id,
            csrfToken: row.csrfToken,
            createdAt: createdAt,
            lastSeenAt: now,
            isEstablished: !row.isProvisional,
            tree: entry.tree
        )
        let result: Swift.Result<Value, any Error>
        do {
            result = .success(try await body(&state))
        } catch {
            result = .failure(error)
        }
        let saved: LiveTree?
        do {
            saved = try await self.persist(state, from: entry, row: row, id: id, now: now, on: executor)
        } catch PostgresStoreError.unavailable(let reason) where locked {
            // The body ran and may have written the app's data: "nothing changed" would be untrue.
            throw PostgresStoreError.pageNotSaved(reason: reason)
        }
        guard let next = saved else { return .conflict }
        return .finished(result, keep: (state.id, next))
    }

    /// Writes what the body changed (or the coarse touch); returns the tree as now saved, or
    /// `nil` when another request changed the row first.
    private func persist(
        _ state: SessionState,
        from entry: LiveTree,
        row: SessionTable.Row,
        id: SessionID,
        now: SessionInstant,
        on executor: SessionTable.Executor
    ) async throws -> LiveTree? {
        let revision = state.tree.revision
        // Nothing a snapshot holds changed since the last one: no need to take another.
        let snapshot = revision == entry.revision ? entry.snapshot : try state.tree.snapshot()
        if state.id == id, state.csrfToken == row.csrfToken, snapshot == entry.snapshot,
            state.isEstablished != row.isProvisional
        {
            let touchDue =
                now - SessionInstant(milliseconds: row.lastSeenAt) >= self.configuration.effectiveTouchInterval
            if touchDue {
                try await self.database(id, "session use not recorded") {
                    try await self.table.touch(id: id.rawValue, lastSeenAt: now.milliseconds, on: executor)
                }
            }
            return LiveTree(tree: state.tree, version: row.version, snapshot: snapshot, revision: revision)
        }
        let text = snapshot.jsonText
        try self.checkSize(text)
        let change = SessionTable.Change(
            id: state.id.rawValue,
            csrfToken: state.csrfToken,
            lastSeenAt: now.milliseconds,
            isProvisional: !state.isEstablished,
            snapshot: text
        )
        let written = try await self.database(id, "session change not saved") {
            try await self.table.update(id: id.rawValue, from: row.version, to: change, on: executor)
        }
        guard let version = written else { return nil }
        return LiveTree(tree: state.tree, version: version, snapshot: snapshot, revision: revision)
    }

    /// A new tree restored from the row's snapshot; `nil` when the snapshot is too large or no
    /// longer fits the app (logged: the session is then dropped like an unknown id).
    private func restore(
        _ id: SessionID,
        _ row: SessionTable.Row,
        makeTree: () -> NavigationTree
    ) async -> LiveTree? {
        guard let text = row.snapshot else { return nil }
        let tree = makeTree()
        do {
            try self.checkSize(text)
            let snapshot = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(text.utf8))
            try await tree.restore(snapshot)
            // The restored tree's own snapshot (it may complete what the row omitted), so that
            // "unchanged" compares like with like.
            let own = (try? tree.snapshot()) ?? snapshot
            return LiveTree(tree: tree, version: row.version, snapshot: own, revision: tree.revision)
        } catch {
            self.logger.warning(
                "session dropped: its snapshot does not fit the app",
                metadata: ["session.id": "\(id.fingerprint)", "error": "\(String(describing: error).prefix(300))"]
            )
            return nil
        }
    }
}
