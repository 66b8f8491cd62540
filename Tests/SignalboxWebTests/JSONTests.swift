import Foundation
import HTTPTypes
import Signalbox
import SignalboxTesting
@_spi(SessionStores) import SignalboxWeb
import Testing

@Suite struct JSONTests {
    func member(at path: String) async throws -> (Harness, TestClient) {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        return (harness, browser)
    }

    @Test func aPageAsJSONDescribesTheWholeNavigationState() async throws {
        let (harness, browser) = try await self.member(at: "/member/items")
        let reply = try await browser.get("/member/items/item/1", json: true)
        #expect(reply.status == 200)
        #expect(reply.contentType == "application/json")
        let state = try reply.state
        #expect(state.path == "/member/items/item/1")
        #expect(state.mount == "")
        #expect(state.title == "item 1")
        #expect(state.csrf == browser.csrf)
        #expect(state.notices == [])
        #expect(state.pop == "/member/items")
        #expect(state.template == "test/screen")
        #expect(state.screen["name"] == "item")
        #expect(state.modal == nil)
        #expect(state.fullScreen == nil)
        #expect(state.error == nil && state.fieldErrors == nil)

        #expect(state.breadcrumbs.map(\.title) == ["list", "item 1"])
        #expect(state.breadcrumbs.map(\.path) == ["/member/items", "/member/items/item/1"])
        #expect(state.breadcrumbs.map(\.presentation) == [nil, .push])

        #expect(state.tabs.map(\.name) == ["home", "items", "lab"])
        #expect(state.tabs.map(\.active) == [false, true, false])
        #expect(state.tabs[1].path == "/member/items/item/1")
        #expect(state.tabs.map(\.icon) == ["house", "list", nil])
        #expect(state.tabBars.map(\.coordinator) == ["MemberTabs"])

        #expect(state.routes["item"] == "/member/items/item/1/item/{input}")
        #expect(state.routes["create"] == "/member/items/item/1/create")
        #expect(state.routes["n"] == "/member/items/item/1/n/{input}")

        // `tree` is the core's snapshot, exactly.
        #expect(state.tree == (try await harness.snapshot(of: try #require(browser.sessionID))))
    }

    @Test func aModalIsDescribedWithItsClosePath() async throws {
        let (_, browser) = try await self.member(at: "/member/items")
        let state = try await browser.get("/member/items/item/1/pick", json: true).state
        #expect(state.modal == .init(route: "pick", style: .modal, close: "/member/items/item/1"))

        let guest = try await browser.post("/member/home", ["action": "logout"], json: true)
        #expect(try guest.state.path == "/guest")
        let terms = try await browser.get("/guest/terms", json: true).state
        #expect(terms.modal?.close == nil)
        #expect(terms.modal?.style == .modalNonDismissible)
    }

    @Test func aFullScreenPresentationIsDescribedApart() async throws {
        let (_, browser) = try await self.member(at: "/member/items")
        let state = try await browser.get("/member/items/wizard/step2", json: true).state
        #expect(state.modal == nil)
        #expect(state.fullScreen == .init(route: "wizard", style: .fullScreen, close: "/member/items"))
    }

    @Test func aRejectedFormIsAStateWithItsErrorsAndTheFieldsSent() async throws {
        let (_, browser) = try await self.member(at: "/member/items")
        try await browser.get("/member/items/item/1")
        let reply = try await browser.post("/member/items/item/1", ["action": "invalid"], json: true)
        #expect(reply.status == .unprocessableContent)
        let state = try reply.state
        #expect(state.path == "/member/items/item/1")
        #expect(state.error == "invalidForm")
        #expect(state.message == "Unknown action")
        #expect(state.fieldErrors == ["action": "required"])
        #expect(state.form?["action"] == "invalid")
    }

    @Test func anErrorAnswerIsNotAState() async throws {
        let (_, browser) = try await self.member(at: "/member/items")
        let reply = try await browser.get("/member/items/item/x", json: true)
        #expect(reply.status == .badRequest)
        #expect(throws: DecodingError.self) { try reply.state }
    }

    @Test func aModalOverAFullScreenFlowIsDescribedAsBothLikeThePage() async throws {
        let (_, browser) = try await self.member(at: "/member/items")
        let json = try await browser.get("/member/items/wizard/step2/help", json: true).json
        let full = try #require(json["fullScreen"] as? [String: Any])
        #expect(full["route"] as? String == "wizard")
        #expect(full["close"] as? String == "/member/items")
        let modal = try #require(json["modal"] as? [String: Any])
        #expect(modal["route"] as? String == "help")
        #expect(modal["close"] as? String == "/member/items/wizard/step2")
        let page = try await browser.get("/member/items/wizard/step2/help")
        #expect(page.body.contains("<dialog"))
        #expect(page.body.contains("/member/items/wizard/step2"))
    }

    @Test func jsonClientsGetRedirectsFollowedAndTheRootAnswered() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        let root = try await browser.get("/", json: true)
        #expect(root.status == 200)
        #expect(root.json["path"] as? String == "/guest")
        let guarded = try await browser.get("/member/items", json: true)
        #expect(guarded.status == 200)
        #expect(guarded.json["path"] as? String == "/guest")
        let canonical = try await browser.get("/guest/signup/~", json: true)
        #expect(canonical.status == 200)
        #expect(canonical.json["path"] as? String == "/guest/signup")
    }

    @Test(arguments: [
        ("/nowhere", 404, "unknownRoute"),
        ("/guest/signup/password", 400, "missingInput"),
        ("/guest/~/admin", 403, "refused"),
    ])
    func errorsAreJSONWithCodeMessageAndStatus(_ path: String, _ status: Int, _ code: String) async throws {
        let reply = try await Harness().browser().get(path, json: true)
        #expect(reply.status.code == status)
        #expect(reply.contentType == "application/json")
        #expect(reply.json["error"] as? String == code)
        #expect(reply.json["status"] as? Int == status)
        #expect((reply.json["message"] as? String)?.isEmpty == false)
        #expect(reply.json.count == 3)
    }

    /// Found by the JSONRequest fuzz target: a pending path (or input) with `'` reached the
    /// snapshot part of the JSON unescaped.
    @Test(arguments: ["/guest/signup/password/%3Cb%3E%27%26x", "/member/items/'<b>&x"])
    func inputsAndPendingPathsInTheTreeAreEscapedLikeEveryOtherString(_ path: String) async throws {
        let reply = try await Harness().browser().get(path, json: true)
        #expect(reply.status == 200)
        #expect(!reply.body.contains { "<>&'".contains($0) })
        #expect(reply.body.contains("\\u0027"))
        #expect(reply.json["tree"] != nil)
    }

    @Test(arguments: [
        ("text/html", false), ("application/json", true), ("application/json, text/plain, */*", true),
        ("text/html,application/json;q=0.9", false), ("application/json;q=0.5, text/html;q=0.4", true),
        ("*/*", false), ("application/json;q=0", false),
    ])
    func acceptDecidesBetweenHTMLAndJSON(_ accept: String, _ json: Bool) async throws {
        let harness = try Harness()
        let reply = try await harness.browser().send(
            method: .get,
            path: "/guest",
            json: false,
            headers: [(.accept, accept)]
        )
        #expect((reply.contentType == "application/json") == json)
    }
}

@Suite struct JSONWriterTests {
    @Test(arguments: [
        (ViewModel.string("plain"), #""plain""#),
        (.string("quote\" back\\slash"), #""quote\" back\\slash""#),
        (.string("line\nfeed\ttab\r\u{08}\u{0C}"), #""line\nfeed\ttab\r\b\f""#),
        (.string("\u{00}\u{1F}\u{7F}"), #""\u0000\u001f\u007f""#),
        (.string("</script><b>&'"), #""\u003c/script\u003e\u003cb\u003e\u0026\u0027""#),
        (.string("\u{2028}\u{2029}"), #""\u2028\u2029""#),
        (.string("ünï ✓ 🚀"), "\"ünï ✓ 🚀\""),
        (.null, "null"), (.bool(true), "true"), (.int(-42), "-42"),
        (.double(1.5), "1.5"), (.double(3), "3"), (.double(.infinity), "null"), (.double(.nan), "null"),
        (.list([1, "a", nil]), #"[1,"a",null]"#),
        (.object(["b": 1, "a": ["z": true, "y": []]]), #"{"a":{"y":[],"z":true},"b":1}"#),
    ])
    func writesViewModelsAsEscapedJSON(_ model: ViewModel, _ expected: String) throws {
        #expect(model.jsonText == expected)
        // And it parses back.
        _ = try JSONSerialization.jsonObject(with: Data(model.jsonText.utf8), options: .fragmentsAllowed)
    }
}
