import Signalbox

/// What a handler did to a session's tree. ``WebApp`` turns it into an ``Answer`` in one place
/// (`conclude`), which follows redirects, applies Post/Redirect/Get and maps errors.
enum Outcome {
    /// Show the tree as it is; with an echo, a rejected form (422). `branch`, when given, is the
    /// tree's active branch as it is now (taken by the handler that just reshaped it, so the
    /// page does not walk the tree again).
    case show(echo: FormEcho? = nil, branch: ActiveBranch? = nil)
    /// A POST changed the tree: `303` to its new path (JSON clients get the new state).
    case changed
    /// The tree is already at a page whose canonical path differs from the request's: `303`
    /// there (JSON clients get the state).
    case moved(to: String)
    /// A guard sent the navigation to another path: `303` there (JSON clients follow it).
    case redirected(to: String)
    /// The handling failed; nothing the error did not describe changed.
    case failed(any Error)
    /// A screen's file to send.
    case download(Download)

    /// Runs `operation` and describes how it went: `.changed`, or `.failed` with its error
    /// (a guard's redirect thrown as ``NavigationError/redirect(to:)`` included).
    static func of(_ operation: () async throws -> Void) async -> Outcome {
        do {
            try await operation()
            return .changed
        } catch {
            return .failed(error)
        }
    }

    /// The outcome of a GET of `path`: the page (with the branch the reshaping ended on) when
    /// it applied as asked.
    static func showing(_ path: String, on tree: NavigationTree) async -> Outcome {
        let (outcome, branch) = await Self.reshaping(to: path) { try await tree.applyForPage(path: path) }
        return outcome ?? .show(branch: branch)
    }

    /// The outcome of applying a path: `nil` when it applied as asked.
    static func applying(_ path: String, to tree: NavigationTree) async -> Outcome? {
        await Self.reshaping(to: path) { (try await tree.apply(path: path), nil) }.outcome
    }

    /// What `apply` made of `path` (`nil`: applied as asked) and the branch it ended on, if it
    /// gave one.
    private static func reshaping(
        to path: String,
        _ apply: () async throws -> (PathOutcome, ActiveBranch?)
    ) async -> (outcome: Outcome?, branch: ActiveBranch?) {
        do {
            switch try await apply() {
            case (.applied(let canonical), let branch):
                return (canonical == path ? nil : .moved(to: canonical), branch)
            case (.redirected(let target, _), _):
                return (.redirected(to: target), nil)
            }
        } catch {
            return (.failed(error), nil)
        }
    }
}
