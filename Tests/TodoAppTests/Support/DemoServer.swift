import Logging
import SignalboxHTTP
import SignalboxMHD
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import SignalboxWeb
import TodoApp

/// The todo demo as `todo-demo` serves it: ``StaticFiles`` for `Public/` in front of
/// ``TodoWebApp``, on a real ``HTTPServer`` bound to a free loopback port.
struct DemoServer {
    let server: HTTPServer
    let store: InMemoryTodoStore

    var port: Int { self.server.port }

    /// The repository this file was built from.
    static let repository: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // DemoServer.swift, Support, TodoAppTests, Tests
        return parts.joined(separator: "/")
    }()
}

/// Starts the demo on a fresh store, runs `body`, and always shuts the server down.
func withDemoServer<T>(
    web: WebApp.Configuration = WebApp.Configuration(),
    configure: (inout HTTPServer.Configuration) -> Void = { _ in },
    _ body: (DemoServer) async throws -> T
) async throws -> T {
    let store = InMemoryTodoStore.demo()
    var logger = Logger(label: "demo-server")
    logger.logLevel = .critical
    let app = try TodoWebApp.make(
        store: store,
        templates: DemoServer.repository + "/Templates",
        configuration: web,
        logger: logger
    )
    let site = StaticFiles(root: DemoServer.repository + "/Public", fallback: app)
    return try await withLiveServer(site, configure: configure) { server in
        try await body(DemoServer(server: server, store: store))
    }
}

/// One demo session over real sockets: its cookie and CSRF token, from a JSON page.
struct DemoSession: Sendable {
    let port: Int
    let cookie: String
    let csrf: String

    /// Opens the login page with JSON and keeps the session it creates.
    static func start(port: Int) async throws -> DemoSession {
        try await onThread {
            let client = try RawClient(port: port)
            try client.sendRequest("GET", "/unauthenticated", headers: [("Accept", "application/json")])
            let response = try client.readResponse()
            guard response.status == 200,
                let setCookie = response.header("Set-Cookie"),
                let cookie = setCookie.split(separator: ";").first.map(String.init),
                let csrf = jsonString("csrf", in: response.text)
            else {
                throw RawClient.Failure(description: "no session: \(response.status) \(response.text.prefix(200))")
            }
            return DemoSession(port: port, cookie: cookie, csrf: csrf)
        }
    }

    /// One request with the session's cookie on a fresh connection.
    func send(
        _ method: String,
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        json: Bool = true
    ) async throws -> RawResponse {
        let port = self.port
        var all = [("Cookie", self.cookie), ("Accept", json ? "application/json" : "text/html")] + headers
        if !body.isEmpty { all.append(("Content-Type", "application/x-www-form-urlencoded")) }
        let fields = all
        return try await onThread {
            let client = try RawClient(port: port)
            try client.sendRequest(method, target, headers: fields, body: body)
            return try client.readResponse(isHead: method == "HEAD")
        }
    }

    /// Posts a urlencoded body (given raw, so tests control every byte) with the CSRF token.
    func post(_ target: String, _ body: String) async throws -> RawResponse {
        try await self.send("POST", target, body: Array("_csrf=\(self.csrf)&\(body)".utf8))
    }

    /// The session's navigation state (`GET /` with JSON changes nothing): the whole JSON answer.
    func state() async throws -> String {
        let response = try await self.send("GET", "/")
        guard response.status == 200 else {
            throw RawClient.Failure(description: "state: \(response.status) \(response.text.prefix(200))")
        }
        return response.text
    }
}

/// The string value of `"key":"…"` in a flat JSON text (enough for `csrf`, `path`, `error`).
func jsonString(_ key: String, in text: String) -> String? {
    guard let start = text.firstRange(of: "\"\(key)\":\"") else { return nil }
    let rest = text[start.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
}

extension DemoServer {
    /// A well-behaved client gets a static file, a page and a JSON state on fresh connections.
    func servesANormalClient() async throws -> Bool {
        let css = try await fetch(self.server, "GET", "/app.css")
        let page = try await fetch(self.server, "GET", "/unauthenticated")
        let json = try await fetch(self.server, "GET", "/unauthenticated", headers: [("Accept", "application/json")])
        return css.status == 200 && page.status == 200 && page.text.contains("</html>") && json.status == 200
            && jsonString("path", in: json.text) == "/unauthenticated"
    }
}
