import Foundation
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

/// Dynamic tabs over HTTP: a form opens a tab per pinned note, its URL names the note, the tab
/// bar shows its loaded title, `POST /_nav/tab` selects it by name, and once closed its URL is a
/// 404 saying so.
@Suite struct DynamicTabRequestTests {
    private func member() async throws -> TestClient {
        let browser = try Harness().browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        #expect(try await browser.get("/member/home").status == .ok)
        return browser
    }

    @Test func aPinnedTabHasItsOwnURLTitleAndTabLink() async throws {
        let browser = try await self.member()
        let pinned = try await browser.post("/member/home", ["action": "pin", "note": "a b/c"])
        #expect(pinned.location == "/member/pinned/a%20b%2Fc")
        let page = try await browser.get("/member/pinned/a%20b%2Fc")
        #expect(page.status == .ok)
        #expect(page.body.contains(#"<a href="/member/pinned/a%20b%2Fc" aria-current="page">"#))
        #expect(page.body.contains("Pinned: a b/c</a>"))

        let state = try await browser.get("/member/pinned/a%20b%2Fc", json: true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.body.utf8)) as? [String: Any])
        let tabs = try #require(json["tabs"] as? [[String: Any]])
        #expect(tabs.compactMap { $0["name"] as? String } == ["home", "items", "lab", "pinned/a%20b%2Fc"])
        #expect(tabs.last?["title"] as? String == "Pinned: a b/c")
    }

    @Test func tabActionsSelectAnOpenTabByName() async throws {
        let browser = try await self.member()
        try await browser.post("/member/home", ["action": "pin", "note": "x"])
        let home = try await browser.post("/_nav/tab", ["to": "home", "from": "/member/pinned/x"])
        #expect(home.location == "/member/home")
        let back = try await browser.post("/_nav/tab", ["to": "pinned/x", "from": "/member/home"])
        #expect(back.location == "/member/pinned/x")
        let unknown = try await browser.post("/_nav/tab", ["to": "pinned/y", "from": "/member/pinned/x"])
        #expect(unknown.status == .notFound)
    }

    @Test func aClosedTabsURLIsANotFoundThatSaysSo() async throws {
        let browser = try await self.member()
        try await browser.post("/member/home", ["action": "pin", "note": "x"])
        let closed = try await browser.post("/member/pinned/x", ["action": "unpin"])
        #expect(closed.location == "/member/lab")
        let gone = try await browser.get("/member/pinned/x")
        #expect(gone.status == .notFound)
        #expect(gone.body.contains("There is no tab &quot;pinned/x&quot; open here."))
        // Nothing changed: the session is where it was.
        #expect(try await browser.get("/").location == "/member/lab")
    }
}
