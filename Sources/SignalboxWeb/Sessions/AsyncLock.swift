import Synchronization

/// A lock whose waiters suspend instead of blocking their thread: one holder at a time, the
/// others resumed in arrival order. A session's requests queue here, so a server worker never
/// sits in the kernel waiting for another request of the same session.
package final class AsyncLock: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// An unlocked lock.
    package init() {}

    /// Waits for the lock (suspending if it is held).
    package func lock() async {
        let acquired = self.state.withLock { state -> Bool in
            guard state.isLocked else {
                state.isLocked = true
                return true
            }
            return false
        }
        if acquired { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = self.state.withLock { state -> Bool in
                // Released between the check above and here: take it now.
                guard state.isLocked else {
                    state.isLocked = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands the lock to the next waiter, or releases it.
    package func unlock() {
        let next = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.isLocked = false
                return nil
            }
            // A session has a handful of waiters at most: removing the first is cheap.
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
