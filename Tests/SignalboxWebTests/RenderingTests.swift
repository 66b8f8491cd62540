import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct RenderingTests {
    func member() async throws -> TestClient {
        let browser = try Harness().browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        return browser
    }

    @Test func screenTemplatesGetTheirPathBaseAndToken() async throws {
        let browser = try await self.member()
        let page = try await browser.get("/member/items/item/1").body
        #expect(page.contains("<form method=\"post\" action=\"/member/items/item/1\">"))
        #expect(page.contains("<a class=\"next\" href=\"/member/items/item/1/next\">"))
        #expect(page.contains("name=\"_csrf\" value=\"\(try #require(browser.csrf))\""))
    }

    @Test func aWrapperTemplateWrapsItsCoordinatorsScreens() async throws {
        let browser = try await self.member()
        let page = try await browser.get("/member/items/item/1").body
        #expect(page.contains("<div class=\"card\" data-tone=\"plain\"><section class=\"screen\" data-name=\"item\">"))
        let home = try await browser.get("/member/home").body
        #expect(!home.contains("class=\"card\""))
    }

    @Test func aModalOpensAsADialogOverItsPresentersPage() async throws {
        let browser = try await self.member()
        let page = try await browser.get("/member/items/item/1/pick").body
        let main = excerpt(page, from: "<main", through: "</main>")
        #expect(main.contains("data-name=\"item\""))  // the presenter is the page
        #expect(!main.contains("data-name=\"pick\""))
        let dialog = excerpt(page, from: "<dialog", through: "</dialog>")
        #expect(dialog.contains("<dialog open class=\"modal\""))
        #expect(dialog.contains("data-name=\"pick\""))
        #expect(dialog.contains("<a class=\"modal-close\" href=\"/member/items/item/1\""))
        // The presenter's wrapper frames the page, not the dialog.
        #expect(!dialog.contains("class=\"card\""))
        #expect(page.contains("<div class=\"page\" inert>"))
        #expect(page.contains("<title>pick</title>"))
    }

    @Test func aNonDismissibleModalHasNoCloseLink() async throws {
        let browser = try Harness().browser()
        let page = try await browser.get("/guest/terms").body
        #expect(page.contains("<dialog open"))
        #expect(!page.contains("modal-close"))
    }

    @Test func aFullScreenPresentationReplacesThePage() async throws {
        let browser = try await self.member()
        let page = try await browser.get("/member/items/wizard/step2").body
        #expect(page.contains("class=\"full-screen\""))
        #expect(!page.contains("<nav class=\"tabs\""))
        #expect(page.contains("<a class=\"full-screen-close\" href=\"/member/items\">Close</a>"))
        let crumbs = excerpt(page, from: "<nav class=\"breadcrumbs\"", through: "</nav>")
        #expect(crumbs.contains(">step1<"))
        #expect(crumbs.contains(">step2<"))
        #expect(!crumbs.contains(">list<"))
        #expect(excerpt(page, from: "<main", through: "</main>").contains("data-name=\"step2\""))
    }

    @Test func aModalOverAFullScreenFlowOpensOverIt() async throws {
        let browser = try await self.member()
        let page = try await browser.get("/member/items/wizard/help").body
        #expect(page.contains("class=\"full-screen\""))
        #expect(excerpt(page, from: "<main", through: "</main>").contains("data-name=\"step1\""))
        #expect(excerpt(page, from: "<dialog", through: "</dialog>").contains("data-name=\"help\""))
    }

    @Test func developerToolsAddALinkToTheTreePage() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let page = try await harness.browser().get("/guest").body
        #expect(page.contains("<a href=\"/_dev/tree\">"))
        let plain = try await Harness().browser().get("/guest").body
        #expect(!plain.contains("/_dev/tree"))
    }

    @Test func appsOverrideAnyTemplateByName() async throws {
        let harness = try Harness(templates: [
            "partials/breadcrumbs": "<p class=\"custom-crumbs\">{{#breadcrumbs}}{{title}};{{/breadcrumbs}}</p>\n",
            "errors/404": "<h1>Lost: {{message}}</h1>",
        ])
        let browser = harness.browser()
        let page = try await browser.get("/guest/signup").body
        #expect(page.contains("<p class=\"custom-crumbs\">login;name;</p>"))
        let missing = try await browser.get("/guest/nowhere")
        #expect(missing.status == 404)
        #expect(missing.body.hasPrefix("<!DOCTYPE html>"))  // inside the page's layout
        #expect(missing.body.contains("<h1>Lost: There is no page at /guest/nowhere"))
    }

    @Test func anAppWithNoTemplatesFolderRendersEveryLibraryPage() async throws {
        // Only the screens' templates, given as text: no folder, no layout, no partials.
        let renderer = try MustacheRenderer(templates: fixtureTemplates)
        let app = WebApp(
            configuration: .init(developerTools: true),
            renderer: renderer,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) { NavigationTree(root: AppCoordinator(probe: Probe())) }
        let browser = TestClient(app)
        let page = try await browser.get("/guest")
        #expect(page.status == .ok)
        #expect(page.body.hasPrefix("<!DOCTYPE html>"))
        #expect(page.body.contains("href=\"/_signalbox/signalbox.css\""))
        #expect(page.body.contains("name=\"_csrf\" value=\"\(try #require(browser.csrf))\""))
        let missing = try await browser.get("/guest/nowhere")
        #expect(missing.status == .notFound)
        #expect(missing.body.contains("<h1>404 Not Found</h1>"))
        let tree = try await browser.get("/_dev/tree")
        #expect(tree.status == .ok)
        #expect(tree.body.contains("<h1>Coordinator tree</h1>"))
        let stylesheet = try await browser.get("/_signalbox/signalbox.css")
        #expect(stylesheet.status == .ok)
        #expect(stylesheet.contentType == "text/css; charset=utf-8")
        #expect(stylesheet.body.contains("dialog.modal"))
        #expect(try await browser.post("/_nav/route", ["to": "signup", "from": "/guest"]).status == .seeOther)
    }

    @Test func errorAndDeveloperPagesShowInsideAnAppsOwnLayoutWhateverItsBlocks() async throws {
        let harness = try Harness(
            configuration: .init(developerTools: true),
            templates: ["layout": "<html><title>{{title}}</title><body class=\"mine\">{{{content}}}</body></html>"]
        )
        let browser = harness.browser()
        let missing = try await browser.get("/guest/nowhere")
        #expect(missing.status == 404)
        #expect(missing.body.contains("<body class=\"mine\">"))
        #expect(missing.body.contains("There is no page at /guest/nowhere"))
        let tree = try await browser.get("/_dev/tree")
        #expect(tree.status == 200)
        #expect(tree.body.contains("<title>Coordinator tree</title>"))
        #expect(tree.body.contains("<section class=\"dev-tree\">"))
    }

    @Test func errorPagesFallBackToABuiltInPageWithoutTheirTemplate() async throws {
        let harness = try Harness(removing: ["errors/error"])
        let reply = try await harness.browser().get("/nowhere")
        #expect(reply.status == 404)
        #expect(reply.body.contains("<h1>404 Not Found</h1>"))
        #expect(reply.body.contains("There is no page at /nowhere"))
    }

    @Test func aMissingScreenTemplateIsNamedOnlyInDeveloperMode() async throws {
        let developer = try Harness(configuration: .init(developerTools: true), removing: ["test/static"])
        let shown = try await developer.browser().get("/guest/~/about")
        #expect(shown.status == .internalServerError)
        #expect(shown.body.contains("<h1>Template error</h1>"))
        #expect(shown.body.contains("no template named &quot;test/static&quot;"))
        let production = try await Harness(removing: ["test/static"]).browser().get("/guest/~/about")
        #expect(production.status == .internalServerError)
        #expect(!production.body.contains("test/static"))
    }

    @Test func aMissingScreenTemplateIsA500AndCreatesNoSession() async throws {
        let harness = try Harness(removing: ["test/static"])
        let reply = try await harness.browser().get("/guest/~/about")
        #expect(reply.status == 500)
        #expect(reply.header("X-Request-ID") != nil)
        #expect(reply.setCookies.isEmpty)
        #expect(try await harness.app.sessionCount == 0)
    }
}
