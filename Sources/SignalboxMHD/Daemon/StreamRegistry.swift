import Synchronization

/// The server's open streamed responses, so shutdown can end them: a stream never ends by
/// itself, and `MHD_stop_daemon` must never meet the suspended connection of one.
final class StreamRegistry: Sendable {
    private struct State {
        var pumps: [ObjectIdentifier: StreamPump] = [:]
        var isClosed = false
    }

    private let state = Mutex(State())

    /// Registers `pump`; `false` once shutdown began (the caller ends the body at once).
    func add(_ pump: StreamPump) -> Bool {
        self.state.withLock { state in
            guard !state.isClosed else { return false }
            state.pumps[ObjectIdentifier(pump)] = pump
            return true
        }
    }

    /// Forgets `pump` (its response was destroyed).
    func remove(_ pump: StreamPump) {
        _ = self.state.withLock { $0.pumps.removeValue(forKey: ObjectIdentifier(pump)) }
    }

    /// Refuses new streams and ends every open one once its buffer is sent; returns how many.
    func finishAll() -> Int {
        let pumps = self.state.withLock { state in
            state.isClosed = true
            return Array(state.pumps.values)
        }
        for pump in pumps { pump.finish() }
        return pumps.count
    }

    /// Streamed responses being sent.
    var count: Int {
        self.state.withLock { $0.pumps.count }
    }
}
