import Synchronization

/// The names directly inside a ``StaticFiles`` root, read again at most once per `maxAge`.
///
/// Most requests of an app are not for files: a path whose first segment names nothing in the
/// root is answered "not a file" from this set, without the `realpath` and `stat` calls (and the
/// kernel's path walk) a lookup costs — a tenth of the server's time for a small page, measured.
/// A file added at the top of the root is served within `maxAge`; files deeper down are looked
/// up as before, so they are served at once.
final class RootListing: Sendable {
    private struct State {
        var names: Set<String> = []
        var readAt: ContinuousClock.Instant?
    }

    let root: String
    let maxAge: Duration
    private let state = Mutex(State())

    init(root: String, maxAge: Duration = .seconds(1)) {
        self.root = root
        self.maxAge = maxAge
    }

    /// Whether the root holds an entry named `name` (as of at most `maxAge` ago).
    func contains(_ name: String) -> Bool {
        let now = ContinuousClock.now
        return self.state.withLock { state in
            if let readAt = state.readAt, now - readAt < self.maxAge { return state.names.contains(name) }
            // Read under the lock: once per `maxAge`, a few system calls for a folder's listing.
            state.names = FileSystem.entries(of: self.root) ?? []
            state.readAt = now
            return state.names.contains(name)
        }
    }
}
