import HTTPTypes
import Signalbox
import SignalboxHTTP

// GET /_dev/tree: the developer page; GET /_dev/sessions: session counts as JSON, for load and
// stress scripts. Both only with `developerTools` on.

extension WebApp {
    func developerTree(_ exchange: Exchange) async throws -> Response {
        if let response = try await self.withSession(exchange, { state in await self.developerTree(state, exchange) }) {
            return response
        }
        // No session: show what a new one would look like, and keep nothing.
        return await self.developerTree(SessionState.new(tree: self.makeTree(), now: self.clock.now), exchange)
    }

    private func developerTree(_ state: SessionState, _ exchange: Exchange) async -> Response {
        do {
            var model = try await DevTree(makeTree: self.makeTree).model(of: state.tree)
            if exchange.wantsJSON { return .json(.ok, model.jsonText) }
            model = model.merging(["title": "Coordinator tree", "csrf": .string(state.csrfToken)])
            return .html(.ok, try self.renderer.render("dev/tree", with: model))
        } catch {
            return self.failure(error, exchange, homePath: state.tree.path)
        }
    }

    static let sessionStatsPath = "/_dev/sessions"

    /// `{"sessions": live sessions in the store, "maxSessions": the cap}`; touches no session.
    func sessionStats() async throws -> Response {
        var writer = JSONWriter()
        let count = try await self.sessionCount
        writer.object { members in
            members.int("sessions", count)
            members.int("maxSessions", self.configuration.maxSessions)
        }
        return .json(.ok, writer.output)
    }
}
