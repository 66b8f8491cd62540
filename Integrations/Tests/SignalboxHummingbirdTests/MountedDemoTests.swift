import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SignalboxTesting
import SignalboxWeb
import Testing
import TodoApp
import TodoDemoServer

@testable import SignalboxHummingbird

/// The todo demo mounted at `/todo` in the example Hummingbird service, driven through
/// Hummingbird's own test client.
@Suite struct MountedDemoTests {
    /// Every `href`, `action` and `src` of a page.
    static func urls(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:href|action|src)="([^"]*)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
    }

    static func outsideTheMount(_ html: String) -> [String] {
        Self.urls(in: html).filter { $0 != "/todo" && !$0.hasPrefix("/todo/") }
    }

    @Test func aVisitorLogsInWithTheCSRFTokenAndLandsOnHomeUnderTodo() async throws {
        try await ExampleService().test { browser, _ in
            let first = try await browser.get("/todo")
            #expect(first.status == .seeOther)
            #expect(first.location == "/todo/unauthenticated")
            #expect(try await browser.get("/todo/").location == "/todo/unauthenticated")
            #expect(try await browser.get("/todo?x=1").location == "/todo/unauthenticated")
            let login = try await browser.follow(first)
            #expect(login.status == .ok)
            #expect(login.body.contains(#"<form method="post" action="/todo/unauthenticated""#))
            #expect(Self.outsideTheMount(login.body) == [])
            #expect(login.setCookies.count == 1)
            #expect(login.setCookies.first?.contains("; Path=/todo; HttpOnly; SameSite=Lax") == true)

            let answer = try await browser.post(
                "/todo/unauthenticated",
                ["username": "alice", "password": "wonderland"]
            )
            #expect(answer.status == .seeOther)
            #expect(answer.location == "/todo/authenticated/home")
            let home = try await browser.follow(answer)
            #expect(home.body.contains("Hello, alice"))
            #expect(Self.outsideTheMount(home.body) == [])
        }
    }

    @Test func aWrongPasswordIs422KeepingTheUsernameButNeverThePassword() async throws {
        try await ExampleService().test { browser, _ in
            try await browser.get("/todo/unauthenticated")
            let answer = try await browser.post("/todo/unauthenticated", ["username": "alice", "password": "nope"])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.body.contains("Wrong username or password."))
            #expect(answer.body.contains(#"value="alice""#))
            #expect(!answer.body.contains(#"value="nope""#))
        }
    }

    @Test func tabsPushesAndModalsNavigateUnderTheMount() async throws {
        try await ExampleService().test { browser, _ in
            try await browser.logIn()
            let todos = try await browser.get("/todo/authenticated/todos")
            #expect(todos.status == .ok)
            #expect(todos.body.contains(#"href="/todo/authenticated/todos/todo/1""#))
            #expect(todos.body.contains(#"aria-current="page">"#))

            // A push through the router API, `from` as the page gave it.
            let push = try await browser.post(
                "/todo/_nav/route",
                ["to": "todo", "input": "1", "from": "/todo/authenticated/todos"]
            )
            #expect(push.status == .seeOther)
            #expect(push.location == "/todo/authenticated/todos/todo/1")
            let todo = try await browser.follow(push)
            #expect(todo.body.contains("Buy milk"))

            // A modal opened by its URL, then closed by the router API.
            let modal = try await browser.get("/todo/authenticated/todos/createTodo")
            #expect(modal.body.contains("<dialog open"))
            #expect(modal.body.contains(#"class="modal-close" href="/todo/authenticated/todos""#))
            #expect(Self.outsideTheMount(modal.body) == [])
            let dismiss = try await browser.post("/todo/_nav/dismiss", ["from": "/todo/authenticated/todos/createTodo"])
            #expect(dismiss.location == "/todo/authenticated/todos")
            #expect(!(try await browser.follow(dismiss)).body.contains("<dialog"))

            // A form the screen rejects is shown again with 422.
            try await browser.get("/todo/authenticated/todos/createTodo")
            let rejected = try await browser.post("/todo/authenticated/todos/createTodo", ["title": " "])
            #expect(rejected.status == .unprocessableContent)
            #expect(rejected.body.contains("This field is required."))
        }
    }

    @Test func theJSONStateNamesPathsUnderTheMount() async throws {
        try await ExampleService().test { browser, _ in
            try await browser.logIn()
            let state = try await browser.get("/todo/authenticated/todos/todo/2", json: true)
            #expect(state.status == .ok)
            #expect(state.contentType == "application/json")
            #expect(state.json["path"] as? String == "/todo/authenticated/todos/todo/2")
            #expect(state.json["mount"] as? String == "/todo")
            #expect(state.json["pop"] as? String == "/todo/authenticated/todos")
            let tabs = try #require(state.json["tabs"] as? [[String: Any]])
            #expect(tabs.count == 5)
            #expect(tabs.allSatisfy { ($0["path"] as? String)?.hasPrefix("/todo/authenticated/") == true })
            let routes = try #require(state.json["routes"] as? [String: String])
            #expect(routes["pickProject"] == "/todo/authenticated/todos/todo/2/pickProject")
        }
    }

    @Test func aDeepLinkWhileSignedOutContinuesAfterLogin() async throws {
        try await ExampleService().test { browser, _ in
            let deep = try await browser.get("/todo/authenticated/todos/todo/2")
            #expect(deep.status == .seeOther)
            #expect(deep.location == "/todo/unauthenticated")
            try await browser.follow(deep)
            let login = try await browser.post(
                "/todo/unauthenticated",
                ["username": "alice", "password": "wonderland"]
            )
            #expect(login.location == "/todo/authenticated/todos/todo/2")
            #expect(try await browser.follow(login).body.contains("Paint the roses red"))
        }
    }

    @Test func aPathOutsideTheAppIsTheServicesAndOneInsideItIsTheApps() async throws {
        try await ExampleService().test { browser, client in
            // Outside: Hummingbird's own 404, and no session.
            let outside = try await client.execute(uri: "/nowhere", method: .get)
            #expect(outside.status == .notFound)
            #expect(outside.headers[values: .setCookie].isEmpty)
            #expect(try await client.execute(uri: "/todos", method: .get).status == .notFound)
            // Inside: the web layer's 404 page, linking back into the app.
            let inside = try await browser.get("/todo/nope")
            #expect(inside.status == .notFound)
            #expect(inside.body.contains("There is no page at /nope"))
            #expect(Self.outsideTheMount(inside.body) == [])
            let json = try await browser.get("/todo/nope", json: true)
            #expect(json.json["error"] as? String == "unknownRoute")
        }
    }

    @Test func forgedPostsAreRefusedAndChangeNothing() async throws {
        let service = try await ExampleService()
        try await service.test { browser, _ in
            try await browser.logIn()
            let before = try await service.site.store.statistics()
            let noToken = try await browser.post("/todo/authenticated/todos/createTodo", ["title": "Forged"], csrf: "")
            #expect(noToken.status == .forbidden)
            let wrongToken = try await browser.post(
                "/todo/authenticated/todos/createTodo",
                ["title": "Forged"],
                csrf: String(repeating: "0", count: 32)
            )
            #expect(wrongToken.status == .forbidden)
            browser.headers = [(.origin, "https://evil.example")]
            let crossSite = try await browser.post("/todo/authenticated/todos/createTodo", ["title": "Forged"])
            #expect(crossSite.status == .forbidden)
            #expect(try await service.site.store.statistics() == before)
        }
    }

    @Test func aFormLargerThanTheLimitGetsTheWebLayers413() async throws {
        try await ExampleService().test { browser, _ in
            try await browser.logIn()
            let limit = WebApp.Configuration().maxFormBytes
            let title = String(repeating: "x", count: limit + 1)
            let answer = try await browser.post("/todo/authenticated/todos/createTodo", ["title": title], json: true)
            #expect(answer.status == .contentTooLarge)
            #expect(answer.json["error"] as? String == "formTooLarge")
            #expect(answer.header("Cache-Control") == "no-store, private")
        }
    }

    @Test func staticFilesAndHeadRequestsAreServedUnderTheMount() async throws {
        try await ExampleService().test { browser, client in
            let css = try await browser.get("/todo/app.css")
            #expect(css.status == .ok)
            #expect(css.contentType == "text/css; charset=utf-8")
            #expect(css.body.contains(#"url("icons/house.svg")"#))
            #expect(try await browser.get("/todo/icons/house.svg").status == .ok)
            #expect(try await client.execute(uri: "/app.css", method: .get).status == .notFound)
            #expect(try await browser.get("/todo/_signalbox/signalbox.css").status == .ok)

            let get = try await client.execute(uri: "/todo/unauthenticated", method: .get)
            let head = try await client.execute(uri: "/todo/unauthenticated", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
        }
    }

    @Test func methodsTheAppDoesNotTakeGetItsOwn405() async throws {
        try await ExampleService().test { _, client in
            let answer = try await client.execute(uri: "/todo/unauthenticated", method: .delete)
            #expect(answer.status == .methodNotAllowed)
            #expect(answer.headers[.allow] == "GET, HEAD, POST")
        }
    }

    @Test func loginAndLogoutRotateTheSessionCookieUnderTheMount() async throws {
        try await ExampleService().test { browser, _ in
            try await browser.get("/todo/unauthenticated")
            let visitor = try #require(browser.sessionID)
            let login = try await browser.post(
                "/todo/unauthenticated",
                ["username": "alice", "password": "wonderland"]
            )
            #expect(login.setCookies.count == 1)
            #expect(login.setCookies.first?.contains("; Path=/todo;") == true)
            let member = try #require(browser.sessionID)
            #expect(member != visitor)
            try await browser.get("/todo/authenticated/profile")
            let logout = try await browser.post("/todo/authenticated/profile", ["action": "logout"])
            #expect(logout.status == .seeOther)
            #expect(logout.location == "/todo/unauthenticated")
            #expect(logout.setCookies.count == 1)
            #expect(browser.sessionID != member)
        }
    }

    @Test func theWebLayersLogLinesCarryTheServicesRequestID() async throws {
        let recorder = LogRecorder()
        try await ExampleService(logger: recorder.logger()).test { browser, _ in
            try await browser.get("/todo/unauthenticated")
        }
        let lines = recorder.entries.filter { $0.message == "request" && $0.metadata["http.path"] != nil }
        let line = try #require(lines.last)
        let serviceID = try #require(line.metadata["hb.request.id"]?.description)
        #expect(line.metadata["request.id"]?.description == serviceID)
        #expect(line.metadata["http.path"]?.description == "/todo/unauthenticated")
        #expect(line.metadata["http.status"]?.description == "200")
    }

    @Test func everySetCookieFieldReachesTheClientOnItsOwn() {
        var response = SignalboxHTTP.Response(status: .ok, contentType: "text/plain", body: "x")
        response.appendSetCookie("a=1; Path=/todo")
        response.appendSetCookie("b=2; Path=/todo")
        let converted = SignalboxResponder<BasicRequestContext>.response(response, to: .get)
        #expect(converted.headers[values: .setCookie] == ["a=1; Path=/todo", "b=2; Path=/todo"])
        #expect(converted.headers[.contentType] == "text/plain")
        #expect(converted.status == .ok)
    }

    @Test func theServicesOwnRoutesStillAnswerAndSeeTheAppsData() async throws {
        let service = try await ExampleService()
        try await service.test { browser, client in
            let health = try await client.execute(uri: "/api/health", method: .get)
            #expect(health.status == .ok)
            #expect(String(buffer: health.body) == #"{"status":"ok"}"#)

            func stats() async throws -> [String: Int] {
                let answer = try await client.execute(uri: "/api/stats", method: .get)
                #expect(answer.status == .ok)
                return try JSONDecoder().decode([String: Int].self, from: Data(Array(buffer: answer.body)))
            }
            let before = try await stats()
            #expect(before == ["users": 1, "todos": 4, "done": 1, "projects": 2, "sessions": 0])
            try await browser.logIn()
            try await browser.get("/todo/authenticated/todos/createTodo")
            let created = try await browser.post("/todo/authenticated/todos/createTodo", ["title": "Shell peas"])
            #expect(created.status == .seeOther)
            let after = try await stats()
            #expect(after["todos"] == 5)
            #expect(after["sessions"] == 1)
        }
    }

    @Test func aFileUploadedThroughTheAdapterIsAttachedAndDownloads() async throws {
        try await ExampleService().test { browser, _ in
            try await browser.logIn()
            try await browser.get("/todo/authenticated/todos/todo/1")
            let attached = try await browser.post(
                "/todo/authenticated/todos/todo/1",
                multipart: MultipartEncoding(
                    fields: [("action", "attach")],
                    files: [
                        .init(name: "file", filename: "notes.txt", contentType: "text/plain", bytes: Array("hi".utf8))
                    ]
                )
            )
            #expect(attached.status == .seeOther)
            let page = try await browser.follow(attached)
            #expect(
                page.body.contains(#"<a href="/todo/authenticated/todos/todo/1?download=1" download>notes.txt</a>"#)
            )
            let file = try await browser.get("/todo/authenticated/todos/todo/1?download=1")
            #expect(file.status == .ok)
            #expect(file.response.body == Array("hi".utf8))
            #expect(file.header("Content-Disposition")?.hasPrefix("attachment;") == true)
        }
    }
}
