import SignalboxWeb

/// The sessions a ``SQLiteSessionStore`` keeps live in memory: the most recently used ones (a
/// bounded least-recently-used index; the others *hibernate* as rows only) and every one a
/// request is using or waiting for, so one session is never live twice.
struct HotSessions {
    private var index: SessionIndex
    /// Sessions with requests holding or waiting for their lock, and how many.
    private var active: [SessionID: (box: SessionBox, users: Int)] = [:]

    init(idleTimeout: Duration, absoluteTimeout: Duration, capacity: Int) {
        // The store sweeps its rows itself; the index only bounds what stays in memory.
        self.index = SessionIndex(
            idleTimeout: idleTimeout,
            absoluteTimeout: absoluteTimeout,
            capacity: capacity,
            sweepInterval: nil
        )
    }

    /// The live session `id`, now in use by the caller (``release(_:box:)`` when done); `nil`
    /// when it is not in memory.
    mutating func acquire(_ id: SessionID, now: SessionInstant) -> SessionBox? {
        if let entry = self.active[id] {
            self.active[id] = (entry.box, entry.users + 1)
            _ = self.index.lookup(id, now: now)
            return entry.box
        }
        let (box, expired) = self.index.lookup(id, now: now)
        for box in expired { box.markRemoved() }
        guard let box else { return nil }
        self.active[id] = (box, 1)
        return box
    }

    /// Adds a session restored from its row and acquires it; when another request restored it
    /// first, that one is acquired instead.
    mutating func adopt(
        _ box: SessionBox,
        id: SessionID,
        createdAt: SessionInstant,
        now: SessionInstant
    )
        -> SessionBox
    {
        if let existing = self.acquire(id, now: now) { return existing }
        // Hibernating the least recently used sessions only frees memory; their rows remain.
        _ = self.index.insert(id, box: box, createdAt: createdAt, lastSeenAt: now)
        self.active[id] = (box, 1)
        return box
    }

    /// When `id`'s last request came, if it is in memory (exact, unlike the row's touch).
    func lastSeen(_ id: SessionID) -> SessionInstant? {
        self.index.lastSeenAt(of: id)
    }

    /// The caller no longer uses the session it acquired as `id`.
    mutating func release(_ id: SessionID, box: SessionBox) {
        guard let entry = self.active[id], entry.box === box else { return }
        self.active[id] = entry.users > 1 ? (box, entry.users - 1) : nil
    }

    /// Moves a session to its new id after rotation.
    mutating func rekey(from old: SessionID, to new: SessionID) {
        self.index.rekey(from: old, to: new)
    }

    /// Forgets `ids` (deleted rows); their boxes are marked removed.
    mutating func forget(_ ids: [SessionID]) {
        for id in ids {
            self.index.remove(id)?.markRemoved()
            self.active[id]?.box.markRemoved()
        }
    }
}
