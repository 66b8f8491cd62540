import Signalbox

/// What a live page's stream learns when it checks its page again.
enum LiveCheck: Sendable, Equatable {
    /// The page as a revalidation would see it: its validator, and the topics its screens name.
    case page(validator: String, topics: Set<LiveTopic>)
    /// The page has no validator (a screen without a data version): it cannot be live.
    case unversioned
    /// The address leads elsewhere now (a redirect, an error): the page must be fetched.
    case elsewhere
    /// The session is over (logout, expiry): the stream ends.
    case ended
}

extension WebApp {
    /// Checks the page at `path` (an app path) on the session with `id`, without rendering it,
    /// with a memo of its own (a stream outlives the request that opened it).
    func liveCheck(_ path: String, session id: SessionID, _ exchange: Exchange) async throws -> LiveCheck {
        try await RequestMemo.$current.withValue(RequestMemo()) {
            try await self.sessions.withSession(
                id: id,
                now: self.clock.now,
                access: .retryable,
                makeTree: self.makeTree
            ) { state in
                await self.liveCheck(path, in: &state, exchange)
            } ?? .ended
        }
    }

    /// The check on a session held already: the tree reshaped to `path` as a `GET` would, then
    /// the page's validator. Neither takes the session's notices nor the return to an origin:
    /// those belong to the window that navigates.
    func liveCheck(_ path: String, in state: inout SessionState, _ exchange: Exchange) async -> LiveCheck {
        guard case .show(nil, let walked) = await self.showPage(path, &state, exchange) else { return .elsewhere }
        let branch = walked ?? state.tree.activeBranch
        do {
            guard let validator = try await self.validator(of: branch, in: &state, json: false) else {
                return .unversioned
            }
            return .page(validator: validator.entityTag, topics: LiveHub.topics(of: branch))
        } catch {
            return .elsewhere
        }
    }
}
