import HTTPTypes
import Logging
import Signalbox
import SignalboxTesting
import Testing

@testable import SignalboxWeb

/// Return to origin: the page shown after the user left one of its screen's children focuses
/// the element that leads to that child.
@Suite struct ReturnFocusTests {
    @Test(
        arguments: [
            // html, id, url, marked
            (#"<p><a href="/x/1">1</a></p>"#, nil, "/x/1", #"<p><a autofocus href="/x/1">1</a></p>"#),
            (#"<a class="c" href="/x/1">1</a>"#, nil, "/x/1", #"<a autofocus class="c" href="/x/1">1</a>"#),
            (
                #"<A HREF="/x/1">no</A><a href="/x/1">1</a>"#, nil, "/x/1",
                #"<A HREF="/x/1">no</A><a autofocus href="/x/1">1</a>"#
            ),
            (
                #"<a href="/x/10">10</a><a href="/x/1">1</a>"#, nil, "/x/1",
                #"<a href="/x/10">10</a><a autofocus href="/x/1">1</a>"#
            ),
            (
                #"<link href="/x/1"><a href="/x/1">1</a>"#, nil, "/x/1",
                #"<link href="/x/1"><a autofocus href="/x/1">1</a>"#
            ),
            (
                #"<p>href="/x/1"</p><a href="/x/1">1</a>"#, nil, "/x/1",
                #"<p>href="/x/1"</p><a autofocus href="/x/1">1</a>"#
            ),
            (
                #"<a data-href="/x/1">d</a><a href="/x/1">1</a>"#, nil, "/x/1",
                #"<a data-href="/x/1">d</a><a autofocus href="/x/1">1</a>"#
            ),
            (#"<a href="/x/a&amp;b">1</a>"#, nil, "/x/a&b", #"<a autofocus href="/x/a&amp;b">1</a>"#),
            ("<a\nhref=\"/x/1\"\n>1</a>", nil, "/x/1", "<a autofocus\nhref=\"/x/1\"\n>1</a>"),
            (
                #"<a href="/x/1">1</a><button id="b">b</button>"#, "b", "/x/1",
                #"<a href="/x/1">1</a><button autofocus id="b">b</button>"#
            ),
            (#"<a href="/x/2">2</a>"#, nil, "/x/1", #"<a href="/x/2">2</a>"#),
            (#"<a href="/x/1">1</a>"#, "missing", "/x/1", #"<a href="/x/1">1</a>"#),
        ] as [(String, String?, String, String)]
    )
    func theElementLeadingToTheChildGetsAutofocus(
        _ html: String,
        _ id: String?,
        _ url: String,
        _ marked: String
    )
        throws
    {
        var bytes = Array(html.utf8)
        let found = ReturnFocus.mark(&bytes, id: id, url: url)
        #expect(String(decoding: bytes, as: UTF8.self) == marked)
        #expect(found == (html != marked))
    }

    @Test func comingBackToTheListFocusesTheLinkToTheItemLeft() async throws {
        let browser = try ReturnApp().browser()
        let list = try await browser.get("/list")
        #expect(!list.body.contains("autofocus"))
        #expect(try await browser.get("/list/item/3").status == .ok)
        let back = try await browser.get("/list")
        #expect(back.body.contains(#"<a autofocus href="/list/item/3">Item 3</a>"#))
        #expect(back.body.ranges(of: "autofocus").count == 1)
        #expect(back.header("ETag") == nil)  // a copy of it must never come back as a 304
        let again = try await browser.get("/list")
        #expect(!again.body.contains("autofocus"))
    }

    @Test func aRevalidationOfTheListAfterTheItemIsAnsweredInFull() async throws {
        let browser = try ReturnApp(caching: .revalidate).browser()
        let list = try await browser.get("/list")
        let etag = try #require(list.header("ETag"))
        #expect(try await browser.revalidate("/list", etag).status == .notModified)
        try await browser.get("/list/item/2")
        let back = try await browser.revalidate("/list", etag)
        #expect(back.status == .ok)
        #expect(back.body.contains(#"<a autofocus href="/list/item/2">Item 2</a>"#))
    }

    @Test func aScreenCanNameTheElementForAChild() async throws {
        let browser = try ReturnApp().browser()
        try await browser.get("/list/item/1")
        let back = try await browser.get("/list")
        #expect(back.body.contains(#"<a autofocus id="first-details" href="/list/item/1/details">"#))
        #expect(back.body.contains(#"<a href="/list/item/1">Item 1</a>"#))
    }

    @Test func underAMountPathTheLinkIsFoundByItsPublicURL() async throws {
        let browser = try ReturnApp(mount: "/app").browser()
        try await browser.get("/app/list/item/3")
        let back = try await browser.get("/app/list")
        #expect(back.body.contains(#"<a autofocus href="/app/list/item/3">Item 3</a>"#))
    }

    @Test func aPopByANavigationActionIsReturnedFromOnThePageItRedirectsTo() async throws {
        let browser = try ReturnApp().browser()
        try await browser.get("/list/item/3")
        let popped = try await browser.post("/_nav/pop", ["from": "/list/item/3"])
        #expect(popped.status == .seeOther)
        let page = try await browser.follow(popped)
        #expect(page.body.contains(#"<a autofocus href="/list/item/3">Item 3</a>"#))
    }

    @Test func aHeadRequestLeavesTheReturnForThePage() async throws {
        let browser = try ReturnApp().browser()
        try await browser.get("/list/item/3")
        #expect(try await browser.get("/list", method: .head).status == .ok)
        let page = try await browser.get("/list")
        #expect(page.body.contains(#"<a autofocus href="/list/item/3">Item 3</a>"#))
    }
}

/// A list whose items are pushed; item 1's row has a second link the list names for it.
private final class ReturnListScreen: Screen {
    var template: String { "list" }
    var title: String { "List" }
    var viewModel: ViewModel { ["ids": .list([1, 2, 3].map { .int($0) })] }
    var dataVersion: String? { "1" }

    func returnFocusID(for child: ReturnedChild) -> String? {
        child.route == "item" && child.inputSegment == "1" ? "first-details" : nil
    }
}

private final class ReturnItemScreen: Screen {
    let id: Int
    init(id: Int) { self.id = id }
    var template: String { "item" }
    var title: String { "Item \(self.id)" }
    var viewModel: ViewModel { ["id": .int(self.id)] }
    var dataVersion: String? { "1" }
}

private final class ReturnCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \ReturnCoordinator.list)
    @Root var list = makeList
    @Root var other = makeList  // two roots: the path names the root (`/list`)
    @Route(.push) var item = makeItem

    func makeList() -> ReturnListScreen { ReturnListScreen() }
    func makeItem(id: Int) -> ReturnItemScreen { ReturnItemScreen(id: id) }
}

private struct ReturnApp {
    let app: WebApp

    init(caching: PageCaching = .noStore, mount: MountPath = .root) throws {
        let renderer = try MustacheRenderer(templates: [
            "list": """
            <ul>{{#ids}}<li><a href="{{base}}/item/{{.}}">Item {{.}}</a></li>{{/ids}}</ul>
            <a id="first-details" href="{{base}}/item/1/details">Details of item 1</a>
            """,
            "item": #"<p>Item {{id}}</p><form method="post" action="{{path}}">{{>partials/csrf}}</form>"#,
        ])
        self.app = WebApp(
            configuration: .init(mountPath: mount, pageCaching: caching),
            renderer: renderer,
            clock: ManualSessionClock(),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            NavigationTree(root: ReturnCoordinator())
        }
    }

    func browser() -> TestClient { TestClient(self.app) }
}
