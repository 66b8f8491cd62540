@_spi(RawHTTP) import SignalboxTesting
import Testing
import TodoDemoServer

/// The mounted demo on Vapor's real server (loopback, a free port), where what the in-memory
/// test client skips happens: bodies stream in, `HEAD` answers lose their body, connections
/// carry several requests.
@Suite struct LiveServerTests {
    @Test func aVisitOverTheNetworkSignsInAndKeepsTheMount() async throws {
        try await TodoService.run { service in
            try await service.live { port in
                let client = TestClient(.loopback(port: port), authority: "localhost")
                let home = try await client.logIn()
                #expect(home.status == .ok)
                #expect(home.body.contains("Hello, alice"))
                let health = try await client.get("/api/health")
                #expect(health.body == #"{"status":"ok"}"#)
                #expect(try await client.get("/todo/app.css").status == .ok)
            }
        }
    }

    @Test func aLivePagesEventsComeThroughPieceByPiece() async throws {
        try await TodoService.run { service in
            try await service.live { port in
                let client = TestClient(.loopback(port: port), authority: "localhost")
                try await client.logIn()
                let page = try await client.get("/todo/authenticated/todos")
                let marked = try #require(page.body.firstRange(of: "data-live=\""))
                let validator = page.body[marked.upperBound...].prefix { $0 != "\"" }
                    .replacing("&quot;", with: "%22")
                let cookie = try #require(client.cookies["signalbox_session"])
                let stream = try RawClient(port: port)
                try stream.sendRequest(
                    "GET",
                    "/todo/_live?page=%2Ftodo%2Fauthenticated%2Ftodos&v=\(validator)",
                    headers: [("Accept", "text/event-stream"), ("Cookie", "signalbox_session=\(cookie)")]
                )
                let transfer = UncheckedClient(stream)
                let (head, opening) = try await onThread {
                    (try transfer.client.readHead(), try transfer.client.readChunk())
                }
                #expect(head.status == 200)
                #expect(head.header("Content-Type") == "text/event-stream; charset=utf-8")
                #expect(opening == Array("retry: 2000\n\n".utf8))
                // A todo made in another window of the session: the stream says so at once.
                let created = try await client.post("/todo/authenticated/todos/createTodo", ["title": "Through Vapor"])
                #expect(created.status == .seeOther)
                let event = try await onThread { try transfer.client.readChunk() }
                #expect(event.map { String(decoding: $0, as: UTF8.self) }?.contains("event: changed") == true)
            }
        }
    }

    @Test func headAnswersCarryTheLengthButNoBody() async throws {
        try await TodoService.run { service in
            try await service.live { port in
                let (get, head) = try await onThread {
                    let client = try RawClient(port: port)
                    try client.sendRequest("GET", "/todo/unauthenticated")
                    let get = try client.readResponse()
                    try client.sendRequest("HEAD", "/todo/unauthenticated")
                    let head = try client.readResponse(isHead: true)
                    // The same connection still answers: no stray body bytes were sent.
                    try client.sendRequest("GET", "/api/health")
                    #expect(try client.readResponse().text == #"{"status":"ok"}"#)
                    return (get, head)
                }
                #expect(head.status == 200)
                #expect(head.body.isEmpty)
                #expect(head.header("Content-Length") == String(get.body.count))
                #expect(head.header("Content-Type") == "text/html; charset=utf-8")
            }
        }
    }

    @Test func aChunkedFormIsCollectedAsItStreamsIn() async throws {
        try await TodoService.run { service in
            try await service.live { port in
                let client = TestClient(.loopback(port: port), authority: "localhost")
                try await client.get("/todo/unauthenticated")
                let token = try #require(client.csrf)
                let cookie = try #require(client.cookies["signalbox_session"])
                // Past a thousand bytes, so the body comes in several chunks.
                let form =
                    "_csrf=\(token)&username=alice&password=wonderland&padding=" + String(repeating: "x", count: 5000)
                let login = try await onThread {
                    let raw = try RawClient(port: port)
                    try raw.sendRequest(
                        "POST",
                        "/todo/unauthenticated",
                        headers: [
                            ("Content-Type", "application/x-www-form-urlencoded"),
                            ("Cookie", "signalbox_session=\(cookie)"),
                        ],
                        body: Array(form.utf8),
                        chunked: true
                    )
                    return try raw.readResponse()
                }
                #expect(login.status == 303)
                #expect(login.header("Location") == "/todo/authenticated/home")
            }
        }
    }

    @Test(arguments: [true, false])
    func aBodyPastTheLimitGetsThe413AndTheConnectionCarriesOn(chunked: Bool) async throws {
        try await TodoService.run { service in
            let limit = service.site.app.configuration.maxFormBytes
            try await service.live { port in
                let (tooLarge, next) = try await onThread {
                    let raw = try RawClient(port: port)
                    try raw.sendRequest(
                        "POST",
                        "/todo/unauthenticated",
                        headers: [
                            ("Content-Type", "application/x-www-form-urlencoded"),
                            ("Accept", "application/json"),
                        ],
                        body: Array(repeating: UInt8(ascii: "x"), count: limit * 2),
                        chunked: chunked
                    )
                    let tooLarge = try raw.readResponse()
                    try raw.sendRequest("GET", "/api/health")
                    return (tooLarge, try raw.readResponse())
                }
                #expect(tooLarge.status == 413)
                #expect(tooLarge.header("Content-Type") == "application/json")
                #expect(tooLarge.text.contains(#""error":"formTooLarge""#))
                #expect(next.status == 200)
                #expect(next.text == #"{"status":"ok"}"#)
            }
        }
    }
}

/// Moves a blocking client to a helper thread; used by one thread at a time.
struct UncheckedClient: @unchecked Sendable {
    // @unchecked: the test waits for each read before it touches the client again.
    let client: RawClient

    init(_ client: RawClient) {
        self.client = client
    }
}
