@_spi(RawHTTP) import SignalboxTesting
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A gate responders wait on until the test opens it; counts who arrived.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var arrivals = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var arrivals: Int {
        self.state.withLock { $0.arrivals }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let open = self.state.withLock { state in
                state.arrivals += 1
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if open { continuation.resume() }
        }
    }

    func open() {
        let waiters = self.state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Polls `condition` every few milliseconds until it holds or 15 seconds pass. Not a timing
/// assertion: it only waits for something the test itself caused.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<3000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

extension RawClient {
    /// Whether a TCP connect to the port is refused right now (the server stopped listening).
    static func connectIsRefused(port: Int) -> Bool {
        (try? RawClient(port: port, timeout: 5)) == nil
    }
}
