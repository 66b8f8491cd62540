import Foundation
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct DevToolsTests {
    func member(_ harness: Harness) async throws -> TestClient {
        let browser = harness.browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        try await browser.get("/member/items/item/3/pick")
        try await browser.get("/member/lab/nested/screen")
        return browser
    }

    @Test func theTreePageDrawsEveryCoordinatorWithItsPath() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let browser = try await self.member(harness)
        let reply = try await browser.get("/_dev/tree")
        #expect(reply.status == 200)
        let page = reply.body
        #expect(page.contains("<h1>Coordinator tree</h1>"))
        #expect(page.contains("Current path: <a href=\"/member/lab/nested/screen\">"))
        for name in [
            "AppCoordinator", "MemberTabs", "WrapperCoordinator&lt;ItemsCoordinator&gt;", "ItemsCoordinator",
            "LabCoordinator",
        ] {
            #expect(page.contains(">\(name)</strong>"), "\(name)")
        }
        // Inactive tabs' stacks are drawn too, each entry linking to the path that shows it.
        #expect(
            page.contains(
                "<a href=\"/member/items/item/3/pick\"><code>pick</code></a> <span class=\"presentation\">modal</span>"
            )
        )
        #expect(
            page.contains(
                "<a href=\"/member/items/item/3\"><code>item</code></a> <span class=\"presentation\">push</span> <span class=\"input\">3</span>"
            )
        )
        #expect(page.contains("<a href=\"/member/home\"><code>home</code></a>"))
        #expect(page.contains("<a href=\"/member/lab/nested\"><code>nested</code></a>"))
        #expect(page.contains("<a href=\"/member/lab\"><code>lab</code></a>"))
        // Nested coordinators are nested lists.
        #expect(page.components(separatedBy: "<li class=\"node ").count - 1 == 6)
        // Looking does not change the session.
        #expect(try await harness.path(of: try #require(browser.sessionID)) == "/member/lab/nested/screen")
    }

    @Test func theTreeIsAlsoJSON() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let browser = try await self.member(harness)
        let json = try await browser.get("/_dev/tree", json: true).json
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        #expect(nodes.first?["name"] as? String == "AppCoordinator")
        #expect(nodes.first?["kind"] as? String == "navigation")
    }

    @Test func withoutASessionItShowsAFreshTreeAndKeepsNothing() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let reply = try await harness.browser().get("/_dev/tree")
        #expect(reply.status == 200)
        #expect(reply.body.contains(">GuestCoordinator</strong>"))
        #expect(reply.setCookies.isEmpty)
        #expect(try await harness.app.sessionCount == 0)
    }

    @Test func theSessionsPageCountsLiveSessionsAndCreatesNone() async throws {
        let harness = try Harness(configuration: .init(maxSessions: 3, developerTools: true))
        let visitor = harness.browser()
        var json = try await visitor.get("/_dev/sessions", json: true).json
        #expect(json["sessions"] as? Int == 0)
        #expect(json["maxSessions"] as? Int == 3)
        for _ in 0..<5 { try await harness.browser().get("/guest") }
        json = try await visitor.get("/_dev/sessions", json: true).json
        #expect(json["sessions"] as? Int == 3, "five visitors, capped at three")
        #expect(visitor.sessionID == nil)
    }

    @Test func theSessionsPageIsOffWithoutDeveloperTools() async throws {
        #expect(try await Harness().browser().get("/_dev/sessions").status == 404)
    }

    @Test func theRoutesPageListsEveryRouteWithItsPattern() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let browser = harness.browser()
        let page = try await browser.get("/_dev/routes")
        #expect(page.status == .ok)
        #expect(page.body.contains("<title>Routes</title>"))
        #expect(page.body.contains("<h2>ItemsCoordinator</h2>"))
        // A pattern without an input is a link; one with an input is not.
        #expect(
            page.body.contains(
                "<td>create</td><td>modal</td><td></td><td>FixtureScreen</td><td><a href=\"/member/items/create\">"
            )
        )
        #expect(
            page.body.contains(
                "<td>item</td><td>push</td><td>Int</td><td>FixtureScreen</td><td><code>/member/items/item/{Int}</code>"
            )
        )
        let json = try await browser.get("/_dev/routes", json: true)
        let routes = try #require(json.json["routes"] as? [[String: Any]])
        let item = try #require(routes.first { $0["route"] as? String == "item" })
        #expect(item["pattern"] as? String == "/member/items/item/{Int}")
        #expect(item["kind"] as? String == "presented")
        #expect(item["presentation"] as? String == "push")
        #expect(item["inputs"] as? [String] == ["Int"])
        #expect(routes.count == RouteMap(root: AppCoordinator(probe: Probe())).routes.count)
        #expect(try await Harness().browser().get("/_dev/routes").status == 404)
    }

    @Test func theRoutesPageAnswersUnderTheMountPath() async throws {
        let harness = try Harness(configuration: .init(mountPath: "/app", developerTools: true))
        let json = try await harness.browser().get("/app/_dev/routes", json: true)
        let routes = try #require(json.json["routes"] as? [[String: Any]])
        #expect(routes.allSatisfy { ($0["pattern"] as? String)?.hasPrefix("/app/") == true })
    }

    /// Developer mode logs one line per request: method, path, status, duration, session.
    @Test func developerModeLogsOneLinePerRequest() async throws {
        let log = LogRecorder()
        let harness = try Harness(configuration: .init(developerTools: true), logger: log.logger())
        let browser = harness.browser()
        try await browser.get("/guest")
        let session = try #require(browser.sessionID)
        try await browser.get("/nowhere")
        let lines = log.entries.filter { $0.level == .info }.map(\.message)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("GET /guest 200 ") == true)
        #expect(lines.first?.hasSuffix(" ms \(session)") == true)
        #expect(lines.last?.hasPrefix("GET /nowhere 404 ") == true)
        let quiet = LogRecorder()
        try await Harness(logger: quiet.logger()).browser().get("/guest")
        #expect(!quiet.entries.contains { $0.level == .info && $0.message.hasPrefix("GET /guest") })
    }

    @Test func otherDeveloperPathsAre404AndPostIs405() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let browser = harness.browser()
        #expect(try await browser.get("/_dev/other").status == 404)
        #expect(try await browser.post("/_dev/tree", [("a", "1")], csrf: "").status == 405)
    }
}
