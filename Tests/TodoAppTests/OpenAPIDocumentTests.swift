import Foundation
@_spi(RawHTTP) import SignalboxTesting
import Testing
import TodoApp

/// The demo's published contract: `Public/openapi.json` (served at `/openapi.json`) is the
/// document the app generates, and every page pattern in it answers.
@Suite struct OpenAPIDocumentTests {
    static let published = DemoServer.repository + "/Public/openapi.json"

    static func demoApp() throws -> WebApp {
        var logger = Logger(label: "openapi-tests")
        logger.logLevel = .critical
        return try TodoWebApp.make(store: InMemoryTodoStore.demo(), templates: demoTemplates, logger: logger)
    }

    @Test func thePublishedDocumentIsTheOneTheAppGenerates() throws {
        let generated = OpenAPIDocument(app: try Self.demoApp()).text
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            try generated.write(toFile: Self.published, atomically: true, encoding: .utf8)
        }
        let published = try String(contentsOfFile: Self.published, encoding: .utf8)
        #expect(
            published == generated,
            "Public/openapi.json is stale: RECORD=1 swift test --filter OpenAPIDocumentTests"
        )
        // `todo-demo openapi` prints the same.
        #expect(TodoWebApp.openAPIDocument().text == generated)
    }

    @Test func theDocumentListsEveryRouteOfTheDemoWithTypedInputs() throws {
        let document = OpenAPIDocument(app: try Self.demoApp()).json
        guard case .object(let paths)? = document["paths"] else {
            Issue.record("no paths")
            return
        }
        let pages = [
            "/", "/unauthenticated", "/unauthenticated/forgotPassword", "/unauthenticated/registration",
            "/unauthenticated/registration/password/{password}", "/authenticated", "/authenticated/home",
            "/authenticated/todos", "/authenticated/todos/page/{page}", "/authenticated/todos/todo/{todo}",
            "/authenticated/todos/createTodo",
            "/authenticated/todos/pickProject", "/authenticated/projects", "/authenticated/projects/project/{project}",
            "/authenticated/projects/createProject", "/authenticated/profile", "/authenticated/profile/settings",
            "/authenticated/testbed", "/authenticated/testbed/pushScreen", "/authenticated/testbed/modalScreen",
            "/authenticated/testbed/pushCoordinator", "/authenticated/testbed/modalCoordinator",
        ]
        let actions = ["route", "pop", "popToRoot", "tab", "dismiss"].map { "/_nav/" + $0 }
        let library = [
            "/_signalbox/signalbox.css", "/_signalbox/signalbox.js", "/_signalbox/drafts.js", "/_draft", "/_live",
        ]
        #expect(Set(paths.keys) == Set(pages + actions + library))
        let todo = paths["/authenticated/todos/todo/{todo}"]?["get"]?["parameters"]
        #expect(
            todo == [
                [
                    "name": "todo", "in": "path", "required": true, "schema": ["type": "integer"],
                    "description": "The Int input of route todo.",
                ],
                [
                    "name": "If-None-Match", "in": "header", "required": false, "schema": ["type": "string"],
                    "description": "Entity tags of copies the client has (or *): a current one is answered 304.",
                ],
                [
                    "name": "download", "in": "query", "required": false, "schema": ["type": "string"],
                    "description":
                        "A file the page's screen offers (Screen.download): answered as an attachment, or 404 when the screen has none by that name.",
                ],
            ]
        )
        // A form screen's body is typed from its form: fields, types, limits, what is required.
        let create = paths["/authenticated/todos/createTodo"]?["post"]?["requestBody"]?["content"]?[
            "application/x-www-form-urlencoded"
        ]?["schema"]
        #expect(create?["required"] == ["title"])
        #expect(create?["properties"]?["title"]?["maxLength"] == 200)
        let invalid = paths["/authenticated/todos/createTodo"]?["post"]?["responses"]?["422"]?["content"]?[
            "application/json"
        ]?["schema"]?["properties"]?["fieldErrors"]?["properties"]
        #expect(invalid?["title"]?["type"] == "string")
        let errors = document["components"]?["schemas"]
        #expect(
            errors?["Error429"]?["properties"]?["error"]?["enum"] == [
                "tooManyLiveStreams", "tooManyLogins", "tooManyNewSessions", "tooManyRequests",
            ]
        )
        #expect(
            errors?["Error404"]?["properties"]?["error"]?["enum"] == [
                "notFound", "routeNotFound", "todoStore", "unknownRoute", "unknownTab",
            ]
        )
    }

    /// Every page pattern of the document, filled with a valid input, answers its state signed in
    /// (200) — or, signed out, a guard's redirect to the login page — and matches the document
    /// (the client checks every answer).
    @Test func everyPagePatternAnswersSignedInAndRedirectsSignedOut() async throws {
        let app = try Self.demoApp()
        guard case .object(let paths)? = OpenAPIDocument(app: app).json["paths"] else { return }
        let patterns = paths.keys.filter { !$0.hasPrefix("/_") }.sorted()
        let values = ["todo": "1", "project": "1", "password": "newcomer"]
        for pattern in patterns {
            let path = pattern.split(separator: "/").map { part in
                part.hasPrefix("{") ? values[String(part.dropFirst().dropLast()), default: "1"] : String(part)
            }
            let target = "/" + path.joined(separator: "/")
            let visitor = TestClient(app)
            let signedOut = try await visitor.get(target)
            #expect(
                signedOut.status == .ok || signedOut.status == .seeOther,
                "\(target) signed out: \(signedOut.status)"
            )
            let alice = TestClient(app)
            try await alice.logIn()
            let signedIn = try await alice.get(target, json: true)
            #expect(signedIn.status == .ok, "\(target) signed in: \(signedIn.status) \(signedIn.body.prefix(200))")
        }
    }

    /// Found by schemathesis: a forged cookie of tens of kilobytes makes the embedded server
    /// answer 431 by itself (an HTML page, before the app). The document lists it for every
    /// operation, so such an answer is a documented refusal.
    @Test func headersTooLargeForTheServerAreADocumentedRefusal() async throws {
        let contract = APIContract(OpenAPIDocument(app: try Self.demoApp()))
        try await withDemoServer { demo in
            let port = demo.port
            let response = try await onThread {
                let client = try RawClient(port: port)
                let cookie = "signalbox_session=" + String(repeating: "a", count: 60_000)
                try client.sendRequest(
                    "POST",
                    "/authenticated/projects/createProject",
                    headers: [("Accept", "application/json"), ("Cookie", cookie)],
                    body: Array("title=x".utf8)
                )
                return try client.readResponse()
            }
            #expect(response.status == 431)
            let problems = contract.problems(
                method: .post,
                target: "/authenticated/projects/createProject",
                status: response.status,
                contentType: response.header("Content-Type"),
                body: response.body
            )
            #expect(problems == [])
        }
    }
}
