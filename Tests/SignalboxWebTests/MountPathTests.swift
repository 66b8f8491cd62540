import Foundation
import HTTPTypes
import Signalbox
import SignalboxHTTP
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct MountPathTests {
    @Test(arguments: [
        ("/", "/", ""),
        ("/todo", "/todo", "/todo"),
        ("/todo/", "/todo", "/todo"),
        ("/apps/todo", "/apps/todo", "/apps/todo"),
        ("/a-b_c.d~e/0", "/a-b_c.d~e/0", "/a-b_c.d~e/0"),
    ])
    func acceptsPathsOfPlainSegments(_ text: String, _ path: String, _ prefix: String) throws {
        let mount = try MountPath(text)
        #expect(mount.path == path)
        #expect(mount.prefix == prefix)
        #expect(mount.isRoot == (prefix == ""))
    }

    @Test(arguments: [
        ("", "it must start with /"),
        ("todo", "it must start with /"),
        ("/todo//x", "it has an empty segment"),
        ("//", "it has an empty segment"),
        ("/todo//", "it has an empty segment"),
        ("/a/../b", "it has a . or .. segment"),
        ("/.", "it has a . or .. segment"),
        ("/to do", "only letters"),
        ("/t%6Fdo", "only letters"),
        ("/x;y", "only letters"),
        ("/x?y", "only letters"),
        ("/ünï", "only letters"),
    ])
    func refusesAnythingElseSayingWhy(_ text: String, _ reason: String) {
        #expect {
            try MountPath(text)
        } throws: { error in
            guard let error = error as? MountPathError else { return false }
            return error.path == text && error.reason.hasPrefix(reason)
                && error.description.contains("is not a mount path")
        }
    }

    @Test(arguments: [
        ("/", "/", "/"),
        ("/", "/login", "/login"),
        ("/todo", "/", "/todo"),
        ("/todo", "/login", "/todo/login"),
        ("/todo", "/a/~/b", "/todo/a/~/b"),
    ])
    func anAppPathBecomesAPublicURL(_ mount: String, _ appPath: String, _ url: String) throws {
        #expect(try MountPath(mount).url(for: appPath) == url)
    }

    @Test(arguments: [
        ("/", "/anything", "/anything" as String?),
        ("/todo", "/todo", "/"),
        ("/todo", "/todo/", "/"),
        ("/todo", "/todo/login", "/login"),
        ("/todo", "/todo//x", "//x"),
        ("/todo", "/todos", nil),
        ("/todo", "/tod", nil),
        ("/todo", "/", nil),
        ("/todo", "/other/todo", nil),
        ("/a/b", "/a/b/c", "/c"),
        ("/a/b", "/a", nil),
    ])
    func aRequestPathNamesAnAppPathOnlyUnderTheMount(_ mount: String, _ requestPath: String, _ appPath: String?) throws
    {
        #expect(try MountPath(mount).appPath(of: requestPath) == appPath)
    }
}

/// The fixture app mounted at `/app`: everything it emits stays under `/app`.
@Suite struct MountedAppTests {
    /// The fixture's screens with the library's Back button (`/_nav/pop` with `from`) too.
    static func harness(developerTools: Bool = false) throws -> Harness {
        try Harness(
            configuration: .init(mountPath: "/app", developerTools: developerTools),
            templates: ["test/screen": fixtureTemplates["test/screen"]! + "{{>partials/pop-button}}\n"]
        )
    }

    /// Every `href`, `action` and `src` in `html`.
    static func urls(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:href|action|src)="([^"]*)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
    }

    /// Every string under a key that holds a path in the JSON state.
    static func jsonPaths(in value: Any, key: String? = nil) -> [String] {
        switch value {
        case let object as [String: Any]:
            return object.flatMap { entry -> [String] in
                // The snapshot is app state, not URLs.
                entry.key == "tree" ? [] : Self.jsonPaths(in: entry.value, key: entry.key)
            }
        case let list as [Any]:
            return list.flatMap { Self.jsonPaths(in: $0, key: key) }
        case let string as String where ["path", "close", "pop", "routes"].contains(key ?? ""):
            return [string]
        case let string as String
        where key.map { !["title", "csrf", "name", "icon", "route", "style"].contains($0) } ?? false:
            // Route tables: every value of `routes` is a path (handled by the recursion's key).
            return string.hasPrefix("/") ? [string] : []
        default:
            return []
        }
    }

    static func isUnderMount(_ url: String) -> Bool {
        url == "/app" || url.hasPrefix("/app/")
    }

    @Test func pagesLinkFormsAndAssetsOnlyUnderTheMount() async throws {
        let browser = try Self.harness(developerTools: true).browser()
        var pages = [try await browser.get("/app/guest")]
        pages.append(try await browser.get("/app/guest/signup"))
        pages.append(try await browser.get("/app/guest/~/about"))
        try await browser.follow(try await browser.post("/app/guest", ["action": "login", "name": "ann"]))
        pages.append(try await browser.get("/app/member/items"))
        pages.append(try await browser.get("/app/member/items/create"))
        pages.append(try await browser.get("/app/member/items/wizard"))
        pages.append(try await browser.get("/app/_dev/tree"))
        for page in pages {
            #expect(page.status == 200)
            let urls = Self.urls(in: page.body)
            #expect(urls.count >= 3)
            #expect(urls.filter { !Self.isUnderMount($0) } == [], "\(page.body.prefix(200))")
        }
        #expect(pages[0].body.contains(#"href="/app/_signalbox/signalbox.css""#))
        #expect(pages[1].body.contains(#"action="/app/_nav/pop""#))
        #expect(pages[1].body.contains(#"name="from" value="/app/guest/signup""#))
        #expect(pages[2].body.contains(#"class="modal-close" href="/app/guest""#))
        #expect(pages[3].body.contains(#"href="/app/member/items""#))
    }

    @Test func theJSONStateGivesPublicURLsAndTheMount() async throws {
        let browser = try Self.harness().browser()
        try await browser.get("/app/guest")
        try await browser.follow(try await browser.post("/app/guest", ["action": "login", "name": "ann"]))
        for path in ["/app/member/items/create", "/app/member/items/wizard", "/app/member/lab"] {
            let state = try await browser.get(path, json: true)
            #expect(state.status == 200)
            #expect(state.json["path"] as? String == path)
            #expect(state.json["mount"] as? String == "/app")
            let paths = Self.jsonPaths(in: state.json)
            #expect(paths.count >= 4)
            #expect(paths.filter { !Self.isUnderMount($0) } == [])
        }
        let atRoot = try await Harness().browser().get("/guest", json: true)
        #expect(atRoot.json["mount"] as? String == "")
        #expect(atRoot.json["path"] as? String == "/guest")
    }

    @Test func redirectsAndTheCookieStayUnderTheMount() async throws {
        let browser = try Self.harness().browser()
        let first = try await browser.get("/app")
        #expect(first.status == 303)
        #expect(first.location == "/app/guest")
        #expect(try await browser.get("/app/").location == "/app/guest")
        let page = try await browser.get("/app/guest")
        #expect(page.setCookies.count == 1)
        #expect(page.setCookies.first?.contains("; Path=/app; HttpOnly") == true)
        // A guard's redirect (the member area needs a login) and a form's 303 carry the mount.
        #expect(try await browser.get("/app/member/items").location == "/app/guest")
        let login = try await browser.post("/app/guest", ["action": "login", "name": "ann"])
        #expect(login.location == "/app/member/home")
        #expect(login.setCookies.first?.contains("; Path=/app;") == true)  // rotated
        #expect(try await browser.get("/app").location == "/app/member/home")
    }

    @Test func navigationActionsTakeFromAsAPublicURL() async throws {
        let browser = try Self.harness().browser()
        try await browser.get("/app/guest/~/about")
        let dismiss = try await browser.post("/app/_nav/dismiss", ["from": "/app/guest/~/about"])
        #expect(dismiss.location == "/app/guest")
        let route = try await browser.post("/app/_nav/route", ["from": "/app/guest", "to": "signup"])
        #expect(route.location == "/app/guest/signup")
        // An app path (or any path outside the mount) as `from` is refused, and changes nothing.
        let outside = try await browser.post("/app/_nav/pop", ["from": "/guest/signup"], json: true)
        #expect(outside.status == 400)
        #expect(outside.json["error"] as? String == "malformedPath")
        #expect((outside.json["message"] as? String)?.contains("under /app") == true)
        #expect(try await browser.get("/app", json: true).json["path"] as? String == "/app/guest/signup")
    }

    @Test(arguments: ["/", "/guest", "/apps/guest", "/ap", "/_nav/pop", "/_signalbox/signalbox.css"])
    func requestsOutsideTheMountAreNotTheApps(_ path: String) async throws {
        let harness = try Self.harness()
        let browser = harness.browser()
        let reply = try await browser.get(path, json: true)
        #expect(reply.status == 404)
        #expect(reply.json["error"] as? String == "notFound")
        #expect(reply.setCookies.isEmpty)
        #expect(try await harness.app.sessionCount == 0)
        #expect(try await browser.post(path, [:]).status == 404)
    }

    @Test func theLibraryStylesheetAndErrorPagesLiveUnderTheMount() async throws {
        let browser = try Self.harness().browser()
        #expect(try await browser.get("/app/_signalbox/signalbox.css").status == 200)
        let missing = try await browser.get("/app/nowhere")
        #expect(missing.status == 404)
        #expect(Self.urls(in: missing.body).filter { !Self.isUnderMount($0) } == [])
        #expect(missing.body.contains(#"<a href="/app/guest">Back to the app</a>"#))
    }

    @Test func aMountedCopyServesTheSameSessionsElsewhere() async throws {
        let harness = try Harness()
        let mounted = harness.app.mounted(at: "/todo")
        #expect(mounted.configuration.mountPath == "/todo")
        #expect(harness.app.configuration.mountPath == .root)
        let browser = TestClient(mounted)
        let page = try await browser.get("/todo/guest/signup")
        #expect(page.body.contains(#"<form method="post" action="/todo/guest/signup">"#))
        // The cookie works for the original (same store), which shows its own URLs.
        let original = TestClient(harness.app)
        original.cookies = browser.cookies
        #expect(try await original.get("/", json: true).json["path"] as? String == "/guest/signup")
    }

    @Test func aTooLargeBodyGetsTheWebLayersError() async throws {
        let harness = try Harness(configuration: .init(mountPath: "/app", maxFormBytes: 10))
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        let request = Request(
            head: HTTPRequest(method: .post, scheme: nil, authority: "x", path: "/app/guest", headerFields: fields)
        )
        let reply = TestResponse(harness.app.respondBodyTooLarge(to: request))
        #expect(reply.status == 413)
        #expect(reply.json["error"] as? String == "formTooLarge")
        #expect((reply.json["message"] as? String)?.contains("10") == true)
        #expect(reply.header("Cache-Control") == "no-store, private")
    }
}
