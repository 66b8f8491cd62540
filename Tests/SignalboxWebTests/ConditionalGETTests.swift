import Foundation
import HTTPTypes
import Logging
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing

// Conditional GET: a page's ETag is a function of the session's navigation state and its
// screens' data versions; a revalidation that names it is answered 304 without loading or
// rendering anything.

/// The data the shelf app shows: a version the "store" bumps on every write, and how many
/// times a screen's title or view model was loaded.
final class Shelf: Sendable {
    let version = Atomic<Int>(1)
    let loads = Atomic<Int>(0)
    var loadCount: Int { self.loads.load(ordering: .relaxed) }
    func bump() { self.version.add(1, ordering: .relaxed) }
}

final class ShelfScreen: Screen {
    let name: String
    let shelf: Shelf
    let isVersioned: Bool

    init(_ name: String, shelf: Shelf, isVersioned: Bool = true) {
        self.name = name
        self.shelf = shelf
        self.isVersioned = isVersioned
    }

    var template: String { "shelf" }
    var title: String {
        self.shelf.loads.add(1, ordering: .relaxed)
        return self.name
    }
    var viewModel: ViewModel {
        self.shelf.loads.add(1, ordering: .relaxed)
        return ["name": .string(self.name), "version": .int(self.shelf.version.load(ordering: .relaxed))]
    }
    var dataVersion: String? {
        self.isVersioned ? String(self.shelf.version.load(ordering: .relaxed)) : nil
    }
    /// Every session's pages show the one shelf.
    var liveTopics: [LiveTopic] { [LiveTopic("shelf", 1)] }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        switch form["action"] {
        case "write": self.shelf.bump()
        case "logout": context.service(SessionControl.self)?.rotateID()
        default: return .invalid("Unknown action")
        }
        return .accepted
    }
}

final class ShelfCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \ShelfCoordinator.home)
    @Root var home = makeHome
    @Root var away = makeAway
    @Route(.push) var item = makeItem
    @Route(.push) var plain = makePlain
    let shelf: Shelf

    init(shelf: Shelf) { self.shelf = shelf }

    func makeHome() -> ShelfScreen { ShelfScreen("home", shelf: self.shelf) }
    func makeAway() -> ShelfScreen { ShelfScreen("away", shelf: self.shelf) }
    func makeItem(id: Int) -> ShelfScreen { ShelfScreen("item \(id)", shelf: self.shelf) }
    func makePlain() -> ShelfScreen { ShelfScreen("plain", shelf: self.shelf, isVersioned: false) }
}

struct ShelfApp {
    let shelf = Shelf()
    let clock = ManualSessionClock()
    let app: WebApp

    init(
        caching: PageCaching = .noStore,
        mount: MountPath = .root,
        renderer: (any TemplateRenderer)? = nil,
        livePages: WebApp.LivePages = WebApp.LivePages()
    ) throws {
        let shelf = self.shelf
        let chosen: any TemplateRenderer = try renderer ?? MustacheRenderer(templates: ["shelf": Self.template])
        var configuration = WebApp.Configuration(mountPath: mount, pageCaching: caching)
        configuration.livePages = livePages
        self.app = WebApp(
            configuration: configuration,
            renderer: chosen,
            clock: self.clock,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            NavigationTree(root: ShelfCoordinator(shelf: shelf))
        }
    }

    static let template = """
        <p class="shelf">{{name}} v{{version}}</p>
        <form method="post" action="{{path}}">{{>partials/csrf}}<button name="action" value="write">Write</button></form>
        """

    func browser() -> TestClient { TestClient(self.app) }
}

extension TestClient {
    /// GET `path` naming `etag` in `If-None-Match`.
    func revalidate(_ path: String, _ etag: String?, json: Bool = false) async throws -> TestResponse {
        try await self.get(path, json: json, headers: etag.map { [(.ifNoneMatch, $0)] } ?? [])
    }
}

@Suite struct ConditionalGETTests {
    @Test func aRevalidationOfAnUnchangedPageIsNotModifiedWithoutLoadingOrRendering() async throws {
        let shelf = try ShelfApp()
        let browser = shelf.browser()
        let page = try await browser.get("/home/item/3")
        #expect(page.status == 200)
        let etag = try #require(page.header("ETag"))
        #expect(etag.hasPrefix("\"p") && etag.hasSuffix("\"") && etag.count == 35)
        let loads = shelf.shelf.loadCount

        let again = try await browser.revalidate("/home/item/3", etag)
        #expect(again.status == 304)
        #expect(again.response.body.isEmpty)
        #expect(again.header("ETag") == etag)
        #expect(again.contentType == nil)
        #expect(again.header("Cache-Control") == "no-store, private")
        #expect(again.header("Vary") == "Accept, Cookie")
        // Neither a title nor a view model was asked for.
        #expect(shelf.shelf.loadCount == loads)

        // HEAD revalidates the same way.
        let head = try await browser.get("/home/item/3", method: .head, headers: [(.ifNoneMatch, etag)])
        #expect(head.status == 304)
    }

    @Test func aDataChangeAlwaysGivesTheSamePageANewValidator() async throws {
        let shelf = try ShelfApp()
        let browser = shelf.browser()
        let before = try #require(try await browser.get("/home/item/3").header("ETag"))
        try await browser.post("/home/item/3", ["action": "write"])
        let after = try await browser.revalidate("/home/item/3", before)
        #expect(after.status == 200)
        #expect(after.body.contains("item 3 v2"))
        let etag = try #require(after.header("ETag"))
        #expect(etag != before)
        #expect(try await browser.revalidate("/home/item/3", etag).status == 304)
    }

    @Test func backToAnEarlierStateRevalidatesAndAnotherStateDoesNot() async throws {
        let browser = try ShelfApp().browser()
        let three = try #require(try await browser.get("/home/item/3").header("ETag"))
        let four = try #require(try await browser.get("/home/item/4").header("ETag"))
        #expect(three != four)
        // Back: the tree is reshaped to /home/item/3 again, which is what the copy shows.
        #expect(try await browser.revalidate("/home/item/3", three).status == 304)
        // Another page's validator names nothing here.
        let other = try await browser.revalidate("/home/item/3", four)
        #expect(other.status == 200)
        #expect(other.body.contains("item 3"))
        // A deeper stack is another state, though its top is the same screen.
        let deeper = try await browser.revalidate("/home/item/4/item/3", three)
        #expect(deeper.status == 200)
    }

    @Test func aPageWithAScreenWithoutADataVersionHasNoValidator() async throws {
        let browser = try ShelfApp().browser()
        let page = try await browser.get("/home/plain")
        #expect(page.status == 200)
        #expect(page.header("ETag") == nil)
        // Not even `*` gets a 304 for it.
        #expect(try await browser.revalidate("/home/plain", "*").status == 200)
        // A screen below the top without a version spoils the page too (it shows its title).
        #expect(try await browser.get("/home/plain/item/1").header("ETag") == nil)
    }

    @Test func afterALogoutNoEarlierPageIsNotModified() async throws {
        let browser = try ShelfApp().browser()
        let page = try await browser.get("/home/item/3")
        let etag = try #require(page.header("ETag"))
        let logout = try await browser.post("/home/item/3", ["action": "logout"])
        #expect(logout.status == 303)
        // The same tree, the same data: but the session rotated, so the copy is not current.
        let after = try await browser.revalidate("/home/item/3", etag)
        #expect(after.status == 200)
        #expect(after.header("ETag") != etag)
        #expect(after.header("Cache-Control") == "no-store, private")
    }

    @Test func htmlAndJSONHaveDifferentValidators() async throws {
        let browser = try ShelfApp().browser()
        let html = try #require(try await browser.get("/home/item/3").header("ETag"))
        let json = try await browser.get("/home/item/3", json: true)
        let jsonTag = try #require(json.header("ETag"))
        #expect(html != jsonTag)
        #expect(try await browser.revalidate("/home/item/3", html, json: true).status == 200)
        #expect(try await browser.revalidate("/home/item/3", jsonTag, json: true).status == 304)
    }

    @Test func editedTemplatesGiveTheSameStateAnotherValidator() async throws {
        let folder = try TemplateReloadTests.TemplateFolder()
        try folder.write("shelf", ShelfApp.template)
        let renderer = ReloadingMustacheRenderer(directory: folder.path, checkInterval: .zero)
        let browser = try ShelfApp(renderer: renderer).browser()
        let before = try #require(try await browser.get("/home").header("ETag"))
        #expect(try await browser.revalidate("/home", before).status == 304)
        try folder.write(
            "shelf",
            ShelfApp.template.replacingOccurrences(of: " v{{version}}", with: ", version {{version}}")
        )
        let after = try await browser.revalidate("/home", before)
        #expect(after.status == 200)
        #expect(after.body.contains("home, version 1"))
        #expect(after.header("ETag") != before)
    }

    @Test func theTemplatesVersionFollowsTheirText() throws {
        let one = try MustacheRenderer(templates: ["shelf": "a"])
        #expect(one.version == (try MustacheRenderer(templates: ["shelf": "a"])).version)
        #expect(one.version != (try MustacheRenderer(templates: ["shelf": "b"])).version)
        #expect(one.version != (try MustacheRenderer(templates: ["shelf2": "a"])).version)
    }

    @Test func aPostIsNeverNotModified() async throws {
        let browser = try ShelfApp().browser()
        let json = try await browser.get("/home/item/3", json: true)
        let etag = try #require(json.header("ETag"))
        let post = try await browser.post(
            "/home/item/3",
            ["action": "write"],
            json: true,
            headers: [(.ifNoneMatch, etag)]
        )
        #expect(post.status == 200)
        #expect(post.header("ETag") == nil)
        let rejected = try await browser.post("/home/item/3", ["action": "nonsense"], headers: [(.ifNoneMatch, "*")])
        #expect(rejected.status == 422)
    }

    @Test(arguments: [
        ("*", true),
        ("TAG", true),
        ("W/TAG", true),
        ("\"other\", TAG", true),
        ("\"other\",W/TAG ,\"x\"", true),
        ("\"other\"", false),
        ("", false),
        ("TAG-but-unquoted", false),
        ("\"unterminated", false),
        ("garbage, TAG", false),
    ])
    func ifNoneMatchListsAreComparedWeakly(field: String, matches: Bool) async throws {
        let browser = try ShelfApp().browser()
        let etag = try #require(try await browser.get("/home").header("ETag"))
        let value =
            field == "TAG-but-unquoted"
            ? String(etag.dropFirst().dropLast()) : field.replacingOccurrences(of: "TAG", with: etag)
        let reply = try await browser.revalidate("/home", value)
        #expect(reply.status == (matches ? 304 : 200))
    }

    @Test func revalidatingPagesAreNoCacheAndARotationClearsTheBrowsersCopies() async throws {
        let browser = try ShelfApp(caching: .revalidate).browser()
        let page = try await browser.get("/home/item/3")
        #expect(page.header("Cache-Control") == "no-cache, private")
        #expect(page.header("Clear-Site-Data") == nil)
        let logout = try await browser.post("/home/item/3", ["action": "logout"])
        #expect(logout.header("Clear-Site-Data") == "\"cache\"")
        try await browser.follow(logout)
        let write = try await browser.post("/home/item/3", ["action": "write"])
        #expect(write.status == 303)
        #expect(write.header("Clear-Site-Data") == nil)
    }

    @Test func theValidatorDependsOnTheMountPath() async throws {
        let mounted = try ShelfApp(mount: "/shelf")
        let browser = mounted.browser()
        let page = try await browser.get("/shelf/home")
        let etag = try #require(page.header("ETag"))
        #expect(try await browser.revalidate("/shelf/home", etag).status == 304)
    }

    @Test func theStableHashIsTheSameInEveryProcess() throws {
        // Instances behind a load balancer must agree on a page's validator: this value is
        // fixed by the algorithm, not by the process (Swift's Hasher is seeded per process).
        // Computed independently with a few lines of Python: two multiply–xorshift lanes over
        // "shelf" and "a" as zero-padded little-endian 8-byte words, each followed by its length
        // with the top bit set; MurmurHash3's finaliser.
        let version = try MustacheRenderer(templates: ["shelf": "a"], includeDefaults: false).version
        #expect(version == "0a2aa7f3d9e8c1e1b282a8cc867b234c")
    }
}
