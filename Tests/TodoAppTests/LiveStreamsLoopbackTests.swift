import Foundation
import SignalboxMHD
@_spi(RawHTTP) import SignalboxTesting
import SignalboxWeb
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Live pages on the embedded server over real sockets, at the scale of a busy instance.
@Suite struct LiveStreamsLoopbackTests {
    static let streams = 500
    /// Client addresses (each under the server's 64 connections per address).
    static let addresses = (2...9).map { "127.0.0.\($0)" }

    @Test(
        "500 streams from 8 addresses each hear one change; shutdown ends them all within its grace period",
        .timeLimit(.minutes(2))
    )
    func fiveHundredOpenStreams() async throws {
        // Both ends of 500 connections live in this process.
        try #require(Self.allowOpenFiles(2 * Self.streams + 200))
        var web = WebApp.Configuration()
        web.livePages.maxStreamsPerSession = Self.streams
        web.livePages.maxStreamsPerClient = Self.streams
        try await withDemoServer(web: web, configure: { $0.shutdownGracePeriod = .seconds(60) }) { demo in
            let port = demo.port
            let (cookie, csrf, validator) = try await onThread { try Self.signIn(port: port) }
            let target =
                "/_live?page=%2Fauthenticated%2Ftodos&v=" + validator.replacingOccurrences(of: "\"", with: "%22")
            var clients: [RawClient] = []
            for index in 0..<Self.streams {
                let client = try RawClient(port: port, from: Self.addresses[index % Self.addresses.count])
                try client.sendRequest("GET", target, headers: [("Cookie", cookie), ("Accept", "text/event-stream")])
                clients.append(client)
            }
            let all = UncheckedClients(clients)
            let opened = try await onThread {
                try all.clients.map { client in
                    try client.readHead().status == 200 && client.readChunk() == Array("retry: 2000\n\n".utf8)
                }
            }
            #expect(opened.allSatisfy { $0 })

            let created = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest(
                    "POST",
                    "/authenticated/todos/createTodo",
                    headers: [("Cookie", cookie), ("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("_csrf=\(csrf)&title=Seen+by+500".utf8)
                )
                return try client.readResponse().status
            }
            #expect(created == 303)
            let told = try await onThread {
                try all.clients.map { client in
                    String(decoding: try client.readChunk() ?? [], as: UTF8.self).contains("event: changed")
                }
            }
            #expect(told.filter { $0 }.count == Self.streams)

            let started = ContinuousClock.now
            await demo.server.shutdown()
            #expect(ContinuousClock.now - started < .seconds(60))
            // Each stream ended cleanly (its last chunk): an event source reconnects elsewhere.
            let ended = try await onThread { try all.clients.map { try $0.readChunk() == nil } }
            #expect(ended.allSatisfy { $0 })
        }
    }

    /// Raises the soft limit on open files to `count` when it is lower (and the hard limit allows).
    static func allowOpenFiles(_ count: Int) -> Bool {
        #if canImport(Glibc)
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
        if limit.rlim_cur >= rlim_t(count) { return true }
        guard limit.rlim_max >= rlim_t(count) else { return false }
        limit.rlim_cur = rlim_t(count)
        return setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
        return true
        #endif
    }

    /// alice's session cookie and CSRF token, and the validator of her todo list.
    static func signIn(port: Int) throws -> (cookie: String, csrf: String, validator: String) {
        func cookie(of response: RawResponse) -> String? {
            response.header("Set-Cookie")?.split(separator: ";").first.map(String.init)
        }
        let client = try RawClient(port: port)
        try client.sendRequest("GET", "/unauthenticated", headers: [("Accept", "application/json")])
        let login = try client.readResponse()
        guard var session = cookie(of: login), let token = jsonString("csrf", in: login.text) else {
            throw RawClient.Failure(description: "no session")
        }
        try client.sendRequest(
            "POST",
            "/unauthenticated",
            headers: [("Cookie", session), ("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("_csrf=\(token)&username=alice&password=wonderland".utf8)
        )
        session = cookie(of: try client.readResponse()) ?? session
        try client.sendRequest(
            "GET",
            "/authenticated/todos",
            headers: [("Cookie", session), ("Accept", "application/json")]
        )
        guard let csrf = jsonString("csrf", in: try client.readResponse().text) else {
            throw RawClient.Failure(description: "not signed in")
        }
        try client.sendRequest("GET", "/authenticated/todos", headers: [("Cookie", session)])
        let page = try client.readResponse().text
        guard let start = page.range(of: "data-live=\"") else { throw RawClient.Failure(description: "not live") }
        let validator = page[start.upperBound...].prefix { $0 != "\"" }.replacingOccurrences(of: "&quot;", with: "\"")
        return (session, csrf, validator)
    }
}

/// Moves blocking clients to a helper thread; each is used by one thread at a time.
private struct UncheckedClients: @unchecked Sendable {
    // @unchecked: the test hands the clients over and does not touch them until the thread is done.
    let clients: [RawClient]

    init(_ clients: [RawClient]) {
        self.clients = clients
    }
}
