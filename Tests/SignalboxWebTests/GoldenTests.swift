import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

/// The default layout's navigation markup, compared with recorded files in `Golden/`
/// (re-record with `RECORD=1 swift test --filter GoldenTests`).
@Suite struct GoldenTests {
    func member(at path: String) async throws -> String {
        let browser = try Harness().browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        try await browser.get("/member/items/item/7")  // the items tab keeps this stack
        let reply = try await browser.get(path)
        #expect(reply.status == 200)
        return reply.body
    }

    @Test func breadcrumbs() async throws {
        let page = try await self.member(at: "/member/lab/nested/screen")
        try expectGolden(
            excerpt(page, from: "<nav class=\"breadcrumbs\"", through: "</nav>"),
            named: "breadcrumbs.html"
        )
    }

    @Test func tabs() async throws {
        let page = try await self.member(at: "/member/lab/nested/screen")
        try expectGolden(excerpt(page, from: "<nav class=\"tabs\"", through: "</nav>"), named: "tabs.html")
    }

    @Test func modal() async throws {
        let page = try await self.member(at: "/member/items/item/7/pick")
        try expectGolden(excerpt(page, from: "<dialog", through: "</dialog>"), named: "modal.html")
    }

    @Test func nonDismissibleModal() async throws {
        let page = try await Harness().browser().get("/guest/terms").body
        try expectGolden(excerpt(page, from: "<dialog", through: "</dialog>"), named: "modal-non-dismissible.html")
    }

    @Test func wholePage() async throws {
        let page = try await self.member(at: "/member/items/item/7")
        try expectGolden(page, named: "page.html")
    }
}
