import HTTPTypes
import SignalboxTesting
import Testing
import TodoDemoServer
import TodoVaporService

/// POSTs the web layer refuses, answered with its own statuses through Vapor: forged ones
/// (`403`) and bodies past ``WebApp/Configuration/maxFormBytes`` (`413`).
@Suite struct MountedForgeryTests {
    enum Forgery: String, CaseIterable, Sendable {
        case noToken, wrongToken, crossSiteOrigin, crossSiteFetch
    }

    /// POSTs `fields` to `path` with the CSRF token or the origin `forgery` spoils.
    static func post(
        _ forgery: Forgery,
        to path: String,
        _ fields: KeyValuePairs<String, String>,
        from client: TestClient
    ) async throws -> TestResponse {
        switch forgery {
        case .noToken:
            try await client.post(path, fields, csrf: "")
        case .wrongToken:
            try await client.post(path, fields, csrf: String(repeating: "0", count: 32))
        case .crossSiteOrigin:
            try await client.post(path, fields, headers: [(.origin, "http://evil.example")])
        case .crossSiteFetch:
            try await client.post(path, fields, headers: [(HTTPField.Name("Sec-Fetch-Site")!, "cross-site")])
        }
    }

    @Test(arguments: Forgery.allCases)
    func aForgedLoginIsRefusedWith403AndSignsNobodyIn(_ forgery: Forgery) async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.get("/todo/unauthenticated")
            let fields: KeyValuePairs = ["username": "alice", "password": "wonderland"]
            let path = "/todo/unauthenticated"
            let forged = try await Self.post(forgery, to: path, fields, from: client)
            #expect(forged.status == .forbidden)
            #expect(forged.setCookies.isEmpty)
            #expect(try await client.get("/todo/authenticated/home").location == "/todo/unauthenticated")
        }
    }

    @Test(arguments: Forgery.allCases)
    func aForgedChangeToATodoIsRefusedWith403AndChangesNothing(_ forgery: Forgery) async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.logIn()
            try await client.get("/todo/authenticated/todos/todo/1")
            let before = try await client.get("/todo/authenticated/todos/todo/1", json: true).body
            let path = "/todo/authenticated/todos/todo/1"
            let fields: KeyValuePairs = ["action": "toggleDone"]
            let forged = try await Self.post(forgery, to: path, fields, from: client)
            #expect(forged.status == .forbidden)
            #expect(forged.setCookies.isEmpty)
            #expect(try await client.get("/todo/authenticated/todos/todo/1", json: true).body == before)
            #expect(try await service.statistics().done == 1)
        }
    }

    @Test func aSameOriginPostWithTheTokenIsAccepted() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.get("/todo/unauthenticated")
            let login = try await client.post(
                "/todo/unauthenticated",
                ["username": "alice", "password": "wonderland"],
                headers: [(.origin, "http://localhost:8080")]
            )
            #expect(login.location == "/todo/authenticated/home")
        }
    }

    @Test func aFormPastTheLimitGetsTheWebLayers413() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.get("/todo/unauthenticated")
            let limit = service.site.app.configuration.maxFormBytes
            let padding = String(repeating: "x", count: limit)
            let json = try await client.post(
                "/todo/unauthenticated",
                ["username": "alice", "password": "wonderland", "padding": padding],
                json: true
            )
            #expect(json.status == .contentTooLarge)
            #expect(json.contentType == "application/json")
            #expect(json.json["error"] as? String == "formTooLarge")
            let page = try await client.post("/todo/unauthenticated", ["padding": padding])
            #expect(page.status == .contentTooLarge)
            #expect(page.contentType == "text/html; charset=utf-8")
            #expect(try await client.get("/todo/authenticated/home").location == "/todo/unauthenticated")
        }
    }

    @Test func aFormJustWithinTheLimitReachesTheForm() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.get("/todo/unauthenticated")
            let limit = service.site.app.configuration.maxFormBytes
            // _csrf=<32 hex digits>&username=alice&password=wonderland&a=…&b=… is exactly `limit`
            // bytes, each field within maxFieldBytes.
            #expect(client.csrf?.utf8.count == 32)
            let rest = limit - "_csrf=&username=alice&password=wonderland&a=&b=".utf8.count - 32
            let first = String(repeating: "x", count: rest / 2)
            let second = String(repeating: "y", count: rest - rest / 2)
            let login = try await client.post(
                "/todo/unauthenticated",
                ["username": "alice", "password": "wonderland", "a": first, "b": second]
            )
            #expect(login.status == .seeOther)
            #expect(login.location == "/todo/authenticated/home")
        }
    }
}
