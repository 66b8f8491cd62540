/// The in-memory store's bookkeeping: id → slot, plus two doubly-linked least-recently-used
/// lists threaded through an array of slots (O(1) lookup, touch, insert, remove and eviction).
///
/// A session is *provisional* until the app establishes it (``SessionControl/establish()``, at
/// login): visitors who never sign in (a bot, a flood of cookieless requests, a forged cookie,
/// which starts a new session, or such sessions coming back) only ever fill the provisional
/// list. At the cap the least recently used provisional session goes first, so a flood cannot
/// log out signed-in users; an established session is evicted only when there is no
/// provisional one, and then by true recency (every lookup moves a session to the front).
///
/// Expired sessions are swept at most once per ``sweepInterval`` as part of a lookup or insert,
/// so the store frees closed tabs by itself, without a timer.
///
/// Not thread-safe; ``MemorySessionStore`` keeps it behind one `Mutex`. Trees are not here —
/// each slot points to its session's own box, locked separately.
package struct SessionIndex {
    package struct Slot {
        var id: SessionID
        var box: SessionBox?
        var createdAt: SessionInstant
        var lastSeenAt: SessionInstant
        /// Whether the app has not established the session yet.
        var isProvisional: Bool
        /// When it was last used, in operations (for ``idsByRecency``).
        var touched: UInt64
        /// Towards the most recently used end; -1 at the head.
        var newer: Int
        /// Towards the least recently used end; -1 at the tail.
        var older: Int
    }

    private(set) var slots: [Slot] = []
    private var free: [Int] = []
    private var byID: [SessionID: Int] = [:]
    /// Most recently used, per list (0: provisional, 1: established).
    private var heads = [-1, -1]
    /// Least recently used, per list.
    private var tails = [-1, -1]
    private var clock: UInt64 = 0
    private var lastSweep: SessionInstant?

    package let idleTimeout: Duration
    package let absoluteTimeout: Duration
    package let capacity: Int
    /// The least time between two sweeps made by lookups and inserts.
    package let sweepInterval: Duration?

    package init(
        idleTimeout: Duration,
        absoluteTimeout: Duration,
        capacity: Int,
        sweepInterval: Duration? = .seconds(60)
    ) {
        self.idleTimeout = idleTimeout
        self.absoluteTimeout = absoluteTimeout
        self.capacity = max(capacity, 1)
        self.sweepInterval = sweepInterval
    }

    package var count: Int { self.byID.count }

    package func isExpired(_ slot: Slot, now: SessionInstant) -> Bool {
        now - slot.lastSeenAt >= self.idleTimeout || now - slot.createdAt >= self.absoluteTimeout
    }

    /// The live session's box, touched as most recently used; expired
    /// sessions are removed and returned in `expired` so the caller can mark them.
    package mutating func lookup(_ id: SessionID, now: SessionInstant) -> (box: SessionBox?, expired: [SessionBox]) {
        var expired = self.sweepIfDue(now: now)
        guard let index = self.byID[id] else { return (nil, expired) }
        if self.isExpired(self.slots[index], now: now) {
            if let box = self.remove(id) { expired.append(box) }
            return (nil, expired)
        }
        self.slots[index].lastSeenAt = now
        self.unlink(index)
        self.linkAtHead(index)
        return (self.slots[index].box, expired)
    }

    /// When `id` was last looked up (or inserted), if present.
    package func lastSeenAt(of id: SessionID) -> SessionInstant? {
        self.byID[id].map { self.slots[$0].lastSeenAt }
    }

    /// Moves `id` to the established list (at its most recently used end).
    package mutating func establish(_ id: SessionID) {
        guard let index = self.byID[id], self.slots[index].isProvisional else { return }
        self.unlink(index)
        self.slots[index].isProvisional = false
        self.linkAtHead(index)
    }

    /// Adds a session at the most recently used end; returns the boxes evicted to stay within
    /// the capacity.
    package mutating func insert(
        _ id: SessionID,
        box: SessionBox,
        createdAt: SessionInstant,
        lastSeenAt: SessionInstant,
        isEstablished: Bool = false
    ) -> [SessionBox] {
        var evicted = self.sweepIfDue(now: lastSeenAt)
        if let replaced = self.remove(id) { evicted.append(replaced) }
        while self.byID.count >= self.capacity {
            let victim = self.tails[0] >= 0 ? self.tails[0] : self.tails[1]
            guard victim >= 0, let box = self.remove(self.slots[victim].id) else { break }
            evicted.append(box)
        }
        let slot = Slot(
            id: id,
            box: box,
            createdAt: createdAt,
            lastSeenAt: lastSeenAt,
            isProvisional: !isEstablished,
            touched: 0,
            newer: -1,
            older: -1
        )
        let index: Int
        if let reused = self.free.popLast() {
            index = reused
            self.slots[index] = slot
        } else {
            index = self.slots.count
            self.slots.append(slot)
        }
        self.byID[id] = index
        self.linkAtHead(index)
        return evicted
    }

    /// Forgets `id`; returns its box.
    @discardableResult
    package mutating func remove(_ id: SessionID) -> SessionBox? {
        guard let index = self.byID.removeValue(forKey: id) else { return nil }
        self.unlink(index)
        let box = self.slots[index].box
        self.slots[index].box = nil
        self.free.append(index)
        return box
    }

    /// Moves the session at `old` to `new`, keeping its timestamps and place. Returns whether
    /// `old` was still there.
    @discardableResult
    package mutating func rekey(from old: SessionID, to new: SessionID) -> Bool {
        guard old != new, let index = self.byID.removeValue(forKey: old) else { return false }
        if let clash = self.byID[new], clash != index { _ = self.remove(new) }
        self.slots[index].id = new
        self.byID[new] = index
        return true
    }

    /// Removes every expired session; returns their boxes.
    package mutating func sweep(now: SessionInstant) -> [SessionBox] {
        self.lastSweep = now
        let expired = self.byID.compactMap { id, index in self.isExpired(self.slots[index], now: now) ? id : nil }
        return expired.compactMap { self.remove($0) }
    }

    /// Sweeps when the last sweep is at least ``sweepInterval`` old (never without one).
    private mutating func sweepIfDue(now: SessionInstant) -> [SessionBox] {
        guard let interval = self.sweepInterval else { return [] }
        guard let last = self.lastSweep else {
            self.lastSweep = now
            return []
        }
        return now - last >= interval ? self.sweep(now: now) : []
    }

    /// Ids from most to least recently used (for tests and diagnostics).
    package var idsByRecency: [SessionID] {
        var indices: [Int] = []
        for list in 0..<2 {
            var index = self.heads[list]
            while index >= 0 {
                indices.append(index)
                index = self.slots[index].older
            }
        }
        return indices.sorted { self.slots[$0].touched > self.slots[$1].touched }.map { self.slots[$0].id }
    }

    /// Ids of sessions the app has not established, most recently used first.
    package var provisionalIDs: [SessionID] {
        var ids: [SessionID] = []
        var index = self.heads[0]
        while index >= 0 {
            ids.append(self.slots[index].id)
            index = self.slots[index].older
        }
        return ids
    }

    private mutating func unlink(_ index: Int) {
        let list = self.slots[index].isProvisional ? 0 : 1
        let newer = self.slots[index].newer
        let older = self.slots[index].older
        if newer >= 0 { self.slots[newer].older = older } else { self.heads[list] = older }
        if older >= 0 { self.slots[older].newer = newer } else { self.tails[list] = newer }
        self.slots[index].newer = -1
        self.slots[index].older = -1
    }

    private mutating func linkAtHead(_ index: Int) {
        let list = self.slots[index].isProvisional ? 0 : 1
        self.clock += 1
        self.slots[index].touched = self.clock
        self.slots[index].older = self.heads[list]
        self.slots[index].newer = -1
        if self.heads[list] >= 0 { self.slots[self.heads[list]].newer = index }
        self.heads[list] = index
        if self.tails[list] < 0 { self.tails[list] = index }
    }
}
