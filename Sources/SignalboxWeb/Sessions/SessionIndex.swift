/// The in-memory store's bookkeeping: id → slot, plus a doubly-linked least-recently-used list
/// threaded through an array of slots (O(1) lookup, touch, insert, remove and eviction).
///
/// Not thread-safe; ``MemorySessionStore`` keeps it behind one `Mutex`. Trees are not here —
/// each slot points to its session's own box, locked separately.
struct SessionIndex {
    struct Slot {
        var id: SessionID
        var box: SessionBox?
        var createdAt: SessionInstant
        var lastSeenAt: SessionInstant
        /// Towards the most recently used end; -1 at the head.
        var newer: Int
        /// Towards the least recently used end; -1 at the tail.
        var older: Int
    }

    private(set) var slots: [Slot] = []
    private var free: [Int] = []
    private var byID: [SessionID: Int] = [:]
    /// Most recently used.
    private var head = -1
    /// Least recently used.
    private var tail = -1

    let idleTimeout: Duration
    let absoluteTimeout: Duration
    let capacity: Int

    init(idleTimeout: Duration, absoluteTimeout: Duration, capacity: Int) {
        self.idleTimeout = idleTimeout
        self.absoluteTimeout = absoluteTimeout
        self.capacity = max(capacity, 1)
    }

    var count: Int { self.byID.count }

    func isExpired(_ slot: Slot, now: SessionInstant) -> Bool {
        now - slot.lastSeenAt >= self.idleTimeout || now - slot.createdAt >= self.absoluteTimeout
    }

    /// The live session's box, touched as most recently used; expired sessions are removed
    /// (and returned in `expired` so the caller can mark them).
    mutating func lookup(_ id: SessionID, now: SessionInstant) -> (box: SessionBox?, expired: SessionBox?) {
        guard let index = self.byID[id] else { return (nil, nil) }
        if self.isExpired(self.slots[index], now: now) {
            return (nil, self.remove(id))
        }
        self.slots[index].lastSeenAt = now
        self.unlink(index)
        self.linkAtHead(index)
        return (self.slots[index].box, nil)
    }

    /// Adds a session at the most recently used end; returns the boxes evicted to stay within
    /// the capacity.
    mutating func insert(
        _ id: SessionID, box: SessionBox, createdAt: SessionInstant, lastSeenAt: SessionInstant
    ) -> [SessionBox] {
        var evicted: [SessionBox] = []
        if let replaced = self.remove(id) { evicted.append(replaced) }
        while self.byID.count >= self.capacity, self.tail >= 0 {
            if let box = self.remove(self.slots[self.tail].id) { evicted.append(box) }
        }
        let slot = Slot(id: id, box: box, createdAt: createdAt, lastSeenAt: lastSeenAt, newer: -1, older: -1)
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
    mutating func remove(_ id: SessionID) -> SessionBox? {
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
    mutating func rekey(from old: SessionID, to new: SessionID) -> Bool {
        guard old != new, let index = self.byID.removeValue(forKey: old) else { return false }
        if let clash = self.byID[new], clash != index { _ = self.remove(new) }
        self.slots[index].id = new
        self.byID[new] = index
        return true
    }

    /// Removes every expired session; returns their boxes.
    mutating func sweep(now: SessionInstant) -> [SessionBox] {
        let expired = self.byID.compactMap { id, index in self.isExpired(self.slots[index], now: now) ? id : nil }
        return expired.compactMap { self.remove($0) }
    }

    /// Ids from most to least recently used (for tests and diagnostics).
    var idsByRecency: [SessionID] {
        var ids: [SessionID] = []
        var index = self.head
        while index >= 0 {
            ids.append(self.slots[index].id)
            index = self.slots[index].older
        }
        return ids
    }

    private mutating func unlink(_ index: Int) {
        let newer = self.slots[index].newer
        let older = self.slots[index].older
        if newer >= 0 { self.slots[newer].older = older } else { self.head = older }
        if older >= 0 { self.slots[older].newer = newer } else { self.tail = newer }
        self.slots[index].newer = -1
        self.slots[index].older = -1
    }

    private mutating func linkAtHead(_ index: Int) {
        self.slots[index].older = self.head
        self.slots[index].newer = -1
        if self.head >= 0 { self.slots[self.head].newer = index }
        self.head = index
        if self.tail < 0 { self.tail = index }
    }
}
