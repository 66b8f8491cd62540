import Synchronization
import TodoApp

/// What ``SQLiteTodoStore`` last read for each user — todos, projects, settings, change count and
/// the attachments of the todos shown — kept until one of the store's own writes for that user.
///
/// A page of the demo reads three or four of these, and a todo's page reads the same todo twice;
/// each read from SQLite takes a connection, a read transaction (two `fcntl` locks) and a
/// statement, and builds its values again. Answered from here, a page of unchanged data costs what
/// it costs in memory.
///
/// Correctness rests on two rules:
/// - **Only the store's writes change the file** (one process owns it, as with the session store).
/// - **A write empties the user's entry before it starts and again after it ends**, giving it a
///   new generation each time (from a clock that only moves forward); a value read from the file
///   is kept only if its entry is still at the generation it had when the read began. So a value
///   read before a write commits is never kept after it, and once a write returns every later
///   read sees it.
///
/// Bounded: at most ``maxUsers`` users and ``maxRows`` cached rows (todos, projects and
/// attachments); past either, the least recently used users are dropped.
final class UserDataCache: Sendable {
    /// One user's cached values; `nil` is "not read yet".
    struct Entry {
        var generation: UInt64 = 0
        var lastUse: UInt64 = 0
        var todos: [Todo]?
        var projects: [Project]?
        var settings: UserSettings?
        var changeCount: Int?
        var attachments: [Int: [Attachment]] = [:]

        var rows: Int {
            (self.todos?.count ?? 0) + (self.projects?.count ?? 0)
                + self.attachments.values.reduce(0) { $0 + $1.count + 1 }
        }

        mutating func clear(generation: UInt64) {
            self.generation = generation
            self.todos = nil
            self.projects = nil
            self.settings = nil
            self.changeCount = nil
            self.attachments = [:]
        }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
        var rows = 0
    }

    /// The most users kept.
    let maxUsers: Int
    /// The most rows (todos, projects, attachments) kept over all users.
    let maxRows: Int
    private let state = Mutex(State())

    init(maxUsers: Int = 10_000, maxRows: Int = 200_000) {
        self.maxUsers = maxUsers
        self.maxRows = maxRows
    }

    /// The cached value at `key` for `username`, or `load()`'s, kept unless a write for that user
    /// began or ended while it ran.
    func value<Value: Sendable, Failure: Error>(
        _ key: any WritableKeyPath<Entry, Value?> & Sendable,
        of username: String,
        load: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try self.value(of: username, get: { $0[keyPath: key] }, set: { $0[keyPath: key] = $1 }, load: load)
    }

    /// The cached value `get` finds for `username`, or `load()`'s, kept with `set` unless a write
    /// for that user began or ended while it ran. (For values a key path would have to be built for
    /// on each call, such as one todo's attachments.)
    func value<Value: Sendable, Failure: Error>(
        of username: String,
        get: (Entry) -> Value?,
        set: (inout Entry, Value) -> Void,
        load: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let lookup: (cached: Value?, generation: UInt64) = self.state.withLock { state in
            state.clock &+= 1
            let now = state.clock
            // One hash look-up; a user seen for the first time starts at this generation.
            return Self.use(&state.entries[username, default: Entry(generation: now, lastUse: now)], at: now, get)
        }
        if let cached = lookup.cached { return cached }
        let value = try load()
        self.keep(value, of: username, readAt: lookup.generation, get: get, set: set)
        return value
    }

    private static func use<Value: Sendable>(
        _ entry: inout Entry,
        at now: UInt64,
        _ get: (Entry) -> Value?
    ) -> (Value?, UInt64) {
        entry.lastUse = now
        return (get(entry), entry.generation)
    }

    /// The value at `key` if it is cached (no read).
    func cached<Value: Sendable>(_ key: any KeyPath<Entry, Value?> & Sendable, of username: String) -> Value? {
        self.state.withLock { $0.entries[username]?[keyPath: key] }
    }

    /// Forgets everything cached for `username` and makes reads in flight for it not kept; call it
    /// before and after each write that may change the user's data.
    func invalidate(_ username: String) {
        self.state.withLock { state in
            guard var entry = state.entries[username] else { return }
            state.clock &+= 1
            state.rows -= entry.rows
            entry.clear(generation: state.clock)
            state.entries[username] = entry
        }
    }

    /// How many users and rows are cached.
    var counts: (users: Int, rows: Int) {
        self.state.withLock { ($0.entries.count, $0.rows) }
    }

    /// Forgets everything (a write not tied to one user).
    func removeAll() {
        self.state.withLock { state in
            state.entries = [:]
            state.rows = 0
        }
    }

    /// Keeps a value read at `generation` if the user's entry is still at it: no write began or
    /// ended, and the entry was not dropped, since.
    private func keep<Value: Sendable>(
        _ value: Value,
        of username: String,
        readAt generation: UInt64,
        get: (Entry) -> Value?,
        set: (inout Entry, Value) -> Void
    ) {
        self.state.withLock { state in
            guard var entry = state.entries[username], entry.generation == generation, get(entry) == nil
            else { return }
            state.rows -= entry.rows
            set(&entry, value)
            state.rows += entry.rows
            state.entries[username] = entry
            if state.entries.count > self.maxUsers || state.rows > self.maxRows {
                Self.shrink(&state, toUsers: self.maxUsers * 3 / 4, rows: self.maxRows * 3 / 4)
            }
        }
    }

    /// Drops the least recently used users until both counts are within the given ones.
    private static func shrink(_ state: inout State, toUsers users: Int, rows: Int) {
        let oldestFirst = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (username, entry) in oldestFirst {
            guard state.entries.count > users || state.rows > rows else { break }
            // A read in flight for a dropped user finds no entry and is not kept.
            state.rows -= entry.rows
            state.entries[username] = nil
        }
    }
}
