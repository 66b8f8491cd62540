import HTTPTypes
import Logging
import Signalbox
import SignalboxHTTP

// GET <path>: reshape the session's tree to the path, then render it.

extension WebApp {
    /// What showing a page to a new visitor means for their session.
    enum Outcome {
        /// Worth keeping: a page was shown, or a guard redirected and remembered the path.
        case keep
        /// Nothing to keep: an error, or a redirect the next request re-derives from its URL.
        case discard
    }

    func page(_ exchange: Exchange) async throws -> Response {
        if let response = try await self.withSession(exchange, { state in await self.show(&state, exchange).response }) {
            return response
        }
        // A new visitor (or an unknown, expired or malformed cookie, which is never adopted): build
        // a tree, and keep it as a session only if the page is worth it, so bots and 404s cost nothing.
        var state = SessionState.new(tree: self.makeTree(), now: self.clock.now)
        var (response, outcome) = await self.show(&state, exchange)
        guard case .keep = outcome else { return response }
        let id = state.id
        try await self.sessions.insert(state)
        response.appendSetCookie(self.cookie(for: id))
        self.logger.debug("session created", metadata: ["session.id": "\(id.fingerprint)"])
        return response
    }

    func show(_ state: inout SessionState, _ exchange: Exchange) async -> (response: Response, outcome: Outcome) {
        let tree = state.tree
        if exchange.path == "/" && tree.path != "/" {
            if exchange.wantsJSON { return await self.rendered(state, exchange) }
            return (.seeOther(tree.path), .discard)
        }
        do {
            switch try await tree.apply(path: exchange.path) {
            case .applied(let canonical):
                if canonical != exchange.path && !exchange.wantsJSON {
                    return (.seeOther(canonical), .discard)
                }
                return await self.rendered(state, exchange)
            case .redirected(let target, _):
                let response = await self.redirect(to: target, &state, exchange)
                return (response, response.status == .seeOther || response.status == .ok ? .keep : .discard)
            }
        } catch {
            return (self.failure(error, exchange, homePath: tree.path), .discard)
        }
    }

    /// The page (or JSON state) for the tree as it is.
    private func rendered(_ state: SessionState, _ exchange: Exchange) async -> (response: Response, outcome: Outcome) {
        let response = await self.render(state, exchange)
        return (response, response.status == .ok ? .keep : .discard)
    }

    /// Renders the tree: HTML through `layout`, or the JSON state. `echo` re-renders a rejected
    /// form with status 422.
    func render(_ state: SessionState, _ exchange: Exchange, echo: FormEcho? = nil) async -> Response {
        let status: HTTPResponse.Status = echo == nil ? .ok : .unprocessableContent
        do {
            let page = try await PageState.load(state.tree)
            if exchange.wantsJSON {
                return .json(
                    status,
                    try NavigationStateJSON.render(
                        page, snapshot: try state.tree.snapshot(), csrf: state.csrfToken, echo: echo))
            }
            return .html(status, try self.composer.html(page, csrf: state.csrfToken, echo: echo))
        } catch {
            return self.failure(error, exchange, homePath: state.tree.path)
        }
    }

    /// After a successful change: `303` to the new canonical path (PRG), or the JSON state.
    func afterChange(_ state: SessionState, _ exchange: Exchange) async -> Response {
        exchange.wantsJSON ? await self.render(state, exchange) : .seeOther(state.tree.path)
    }

    /// A guard sent the navigation to `target`: `303` there, or for JSON clients follow it
    /// (a few hops at most) and answer the resulting state.
    func redirect(to target: String, _ state: inout SessionState, _ exchange: Exchange) async -> Response {
        var target = target
        for _ in 0..<4 {
            guard isSafeLocalPath(target) else {
                return self.failure(UnsafeRedirect(target: target), exchange, homePath: state.tree.path)
            }
            guard exchange.wantsJSON else { return .seeOther(target) }
            do {
                switch try await state.tree.apply(path: target) {
                case .applied: return await self.render(state, exchange)
                case .redirected(let next, _): target = next
                }
            } catch {
                return self.failure(error, exchange, homePath: state.tree.path)
            }
        }
        return self.failure(UnsafeRedirect(target: target), exchange, homePath: state.tree.path)
    }
}

/// A guard redirected to something that is not a path of this site, or in a loop (a bug in the app).
struct UnsafeRedirect: Error, CustomStringConvertible {
    var target: String
    var description: String { "unsafe or looping guard redirect to \(target.prefix(128))" }
}
