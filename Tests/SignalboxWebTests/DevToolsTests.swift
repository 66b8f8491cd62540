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

    @Test func otherDeveloperPathsAre404AndPostIs405() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let browser = harness.browser()
        #expect(try await browser.get("/_dev/other").status == 404)
        #expect(try await browser.post("/_dev/tree", [("a", "1")], csrf: "").status == 405)
    }
}
