import Foundation
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct NavigationActionTests {
    /// A browser with a session at `path`.
    func browser(at path: String, _ harness: Harness) async throws -> TestClient {
        let browser = harness.browser()
        let reply = try await browser.get(path)
        #expect(reply.status == 200)
        return browser
    }

    /// A logged-in browser at `path`.
    func member(at path: String, _ harness: Harness) async throws -> TestClient {
        let browser = harness.browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        if path != "/member/home" { #expect(try await browser.get(path).status == 200) }
        return browser
    }

    @Test(arguments: [
        ("/guest", "route", ["to": "signup"], "/guest/signup"),
        ("/guest/signup", "route", ["to": "password", "input": "a b/c"], "/guest/signup/password/a%20b%2Fc"),
        ("/guest", "route", ["to": "terms"], "/guest/terms"),
        ("/guest/signup/password/ann", "pop", [:], "/guest/signup"),
        ("/guest/signup", "pop", [:], "/guest"),
        ("/guest/signup/password/ann", "popToRoot", [:], "/guest/signup"),
        ("/guest/signup", "popToRoot", [:], "/guest"),
        ("/guest/~/about", "dismiss", [:], "/guest"),
        ("/guest/~/about", "pop", [:], "/guest"),
    ])
    func everyActionAnswers303ToTheNewCanonicalPath(
        _ from: String,
        _ action: String,
        _ fields: [String: String],
        _ expected: String
    ) async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: from, harness)
        var pairs: [(String, String)] = fields.sorted { $0.key < $1.key }
        pairs.append(("from", from))
        let reply = try await browser.post("/_nav/\(action)", pairs)
        #expect(reply.status == 303)
        #expect(reply.location == expected)
        #expect(try await harness.path(of: try #require(browser.sessionID)) == expected)
        // PRG: the redirect target renders without changing anything.
        #expect(try await browser.get(expected).status == 200)
    }

    @Test func switchingTabsKeepsEachTabsStack() async throws {
        let harness = try Harness()
        let browser = try await self.member(at: "/member/items/item/4", harness)
        var reply = try await browser.post("/_nav/tab", ["to": "lab", "from": "/member/items/item/4"])
        #expect(reply.location == "/member/lab")
        reply = try await browser.post("/_nav/tab", ["to": "items", "from": "/member/lab"])
        #expect(reply.location == "/member/items/item/4")
    }

    @Test func reselectingATabAppliesItsReselectionBehaviour() async throws {
        let harness = try Harness()
        let browser = try await self.member(at: "/member/lab/screen", harness)
        let reply = try await browser.post("/_nav/tab", ["to": "lab", "from": "/member/lab/screen"])
        #expect(reply.location == "/member/lab")
    }

    @Test func aTabTapOverHTTPRunsTheTabsHandlerButAGetOfTheTabDoesNot() async throws {
        let harness = try Harness()
        let browser = try await self.member(at: "/member/lab/screen", harness)
        try await browser.post("/_nav/tab", ["to": "lab", "from": "/member/lab/screen"])
        try await browser.get("/member/items")
        try await browser.get("/member/lab")  // a link or Back: shows the tab, is not a tap
        try await browser.post("/_nav/tab", ["to": "items", "from": "/member/lab"])
        try await browser.post("/_nav/tab", ["to": "lab", "from": "/member/items"])
        let id = try #require(browser.sessionID)
        let taps = try await harness.store.withSession(id: id, now: harness.clock.now) { state in
            state.tree.root(as: AppCoordinator.self)?.hasRoot(\.member)?.labTaps ?? []
        }
        #expect(taps == ["repeat=true stack=0", "repeat=false stack=0"])
    }

    @Test func tabBadgesFromTheAppShowInTheTabBarAndTheJSONState() async throws {
        let harness = try Harness()
        let browser = try await self.member(at: "/member/home", harness)
        let page = try await browser.get("/member/home")
        #expect(page.body.contains(#"Items <span class="badge">3</span></a>"#))
        let state = try await browser.get("/member/home", json: true)
        let tabs = try #require(state.json["tabs"] as? [[String: Any]])
        #expect(tabs.map { $0["badge"] as? String } == [nil, "3", nil])
        #expect(tabs.map { $0["badge"] is NSNull } == [true, false, true])
    }

    @Test func withoutFromAnActionAppliesToTheCurrentTree() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest/signup/password/ann", harness)
        let reply = try await browser.post("/_nav/pop")
        #expect(reply.location == "/guest/signup")
    }

    @Test func twoWindowsOfOneSessionNeverActOnEachOthersState() async throws {
        let harness = try Harness()
        let windowA = try await self.browser(at: "/guest/signup/password/ann", harness)
        // Window B shares the cookie, and looks at another page.
        let windowB = harness.browser()
        windowB.cookies = windowA.cookies
        windowB.csrf = windowA.csrf
        #expect(try await windowB.get("/guest/~/about").status == 200)

        // Back in window A, "Back" pops A's page, not B's modal.
        let popA = try await windowA.post("/_nav/pop", ["from": "/guest/signup/password/ann"])
        #expect(popA.location == "/guest/signup")
        // And window B's dismiss closes B's modal.
        let dismissB = try await windowB.post("/_nav/dismiss", ["from": "/guest/~/about"])
        #expect(dismissB.location == "/guest")
    }

    @Test func aNonDismissibleModalRefusesPopAndDismissWith409AndStays() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest/terms", harness)
        for action in ["pop", "dismiss"] {
            let reply = try await browser.post("/_nav/\(action)", ["from": "/guest/terms"])
            #expect(reply.status == 409)
            #expect(reply.body.contains("cannot be closed"))
        }
        #expect(try await harness.path(of: try #require(browser.sessionID)) == "/guest/terms")
    }

    @Test(arguments: [
        ("route", ["to": "nowhere"], 404, "unknownRoute"),
        ("route", [:], 400, "missingField"),
        ("route", ["to": "password"], 404, "unknownRoute"),
        ("tab", ["to": "nowhere"], 404, "unknownTab"),
        ("tab", [:], 400, "missingField"),
        ("pop", [:], 409, "nothingToPop"),
        ("popToRoot", [:], 409, "nothingToPop"),
        ("dismiss", [:], 409, "nothingToDismiss"),
    ])
    func refusedActionsMapToTheirStatus(
        _ action: String,
        _ fields: [String: String],
        _ status: Int,
        _ code: String
    )
        async throws
    {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        var pairs: [(String, String)] = fields.sorted { $0.key < $1.key }
        pairs.append(("from", "/guest"))
        let reply = try await browser.post("/_nav/\(action)", pairs, json: true)
        #expect(reply.status.code == status)
        #expect(reply.json["error"] as? String == code)
        #expect(reply.json["status"] as? Int == status)
        #expect(try await harness.path(of: try #require(browser.sessionID)) == "/guest")
    }

    @Test func aRouteWithABadInputIsA400() async throws {
        let harness = try Harness()
        let browser = try await self.member(at: "/member/items", harness)
        let reply = try await browser.post("/_nav/route", ["to": "item", "input": "seven", "from": "/member/items"])
        #expect(reply.status == 400)
        #expect(reply.body.contains("expected an integer"))
    }

    @Test func aFromPathThatAGuardRedirectsIsFollowedInsteadOfTheAction() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        let reply = try await browser.post("/_nav/route", ["to": "item", "input": "1", "from": "/member/items"])
        #expect(reply.status == 303)
        #expect(reply.location == "/guest")
    }

    @Test func unknownActionsAre404AndGetIs405() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        #expect(try await browser.post("/_nav/jump").status == 404)
        let get = try await browser.get("/_nav/pop")
        #expect(get.status == 405)
        #expect(get.header("Allow") == "POST")
    }

    @Test func withJSONAnActionAnswersTheNewStateInsteadOfARedirect() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        let reply = try await browser.post("/_nav/route", ["to": "signup", "from": "/guest"], json: true)
        #expect(reply.status == 200)
        #expect(reply.contentType == "application/json")
        #expect(reply.json["path"] as? String == "/guest/signup")
    }
}
