/// The app hooks a tree change owes, run after the change so the tree is never half-changed
/// while app code runs: `onResult` handlers (`.finished` or `.cancelled`) and `onDismiss`
/// closures, in the order the entries left.
///
/// Every structural change is synchronous and fills a queue; the public operation then awaits
/// ``run()``. A hook that throws does not stop the others (each entry that left gets its
/// notice); the first error is rethrown after all ran.
struct HookQueue {
    private enum Hook {
        case result(ResultHandler, owner: any Coordinatable, value: Any?)
        case dismiss(DismissHandler)
    }

    private var hooks: [Hook] = []

    mutating func deliver(_ handler: ResultHandler, to owner: any Coordinatable, value: Any?) {
        self.hooks.append(.result(handler, owner: owner, value: value))
    }

    mutating func dismissed(_ handler: @escaping DismissHandler) {
        self.hooks.append(.dismiss(handler))
    }

    /// Runs every hook in order; rethrows the first error once all ran.
    consuming func run() async throws {
        guard !self.hooks.isEmpty else { return }
        var firstError: (any Error)?
        for hook in self.hooks {
            do {
                switch hook {
                case .result(let handler, let owner, let value): try await handler.deliver(owner, value)
                case .dismiss(let handler): try await handler()
                }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
    }
}
