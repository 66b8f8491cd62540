import SignalboxMHD
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Testing

/// Hostile clients against the real demo (``StaticFiles`` over ``TodoWebApp`` on ``HTTPServer``):
/// every attack gets its status or is cut by the configured limits, and a well-behaved client is
/// served normally afterwards.
@Suite("The demo on the real server under hostile clients")
struct DemoUnderAttackTests {
    /// One hostile request, byte for byte.
    struct Attack: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let status: Int
        var testDescription: String { self.name }

        init(_ name: String, _ bytes: [UInt8], _ status: Int) {
            self.name = name
            self.bytes = bytes
            self.status = status
        }

        init(_ name: String, _ text: String, _ status: Int) {
            self.init(name, Array(text.utf8), status)
        }
    }

    /// The server's limits in these tests: the defaults but a smaller body limit, so bodies past
    /// it stay cheap and a 100 KB form still reaches the web layer (whose limit is 64 KiB).
    static let maxBodySize = 256 * 1024

    static func chunked(_ target: String, size: Int) -> [UInt8] {
        var bytes = Array("POST \(target) HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let chunk = Array("1000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x1000) + Array("\r\n".utf8)
        for _ in 0..<(size / 0x1000) { bytes += chunk }
        return bytes + Array("0\r\n\r\n".utf8)
    }

    static let oversize: [Attack] = [
        Attack(
            "URL longer than the connection memory",
            "GET /unauthenticated/\(String(repeating: "a", count: 80_000)) HTTP/1.1\r\nHost: x\r\n\r\n",
            414
        ),
        Attack(
            "one header larger than the connection memory",
            "GET /unauthenticated HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 80_000))\r\n\r\n",
            431
        ),
        Attack(
            "thousands of small headers",
            "GET /unauthenticated HTTP/1.1\r\nHost: x\r\n"
                + (0..<4000).map { "X-H\($0): v\r\n" }.joined() + "\r\n",
            431
        ),
        Attack(
            "Content-Length over the body limit (head only)",
            "POST /unauthenticated HTTP/1.1\r\nHost: x\r\nContent-Length: \(maxBodySize + 1)\r\n\r\n",
            413
        ),
        Attack("chunked body past the body limit", chunked("/unauthenticated", size: maxBodySize + 0x1000), 413),
        Attack(
            "100 KB form field within the body limit, past the form limit",
            "POST /unauthenticated HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(100_009)\r\n\r\nusername=\(String(repeating: "u", count: 100_000))",
            413
        ),
    ]

    @Test("Oversize requests are cut by the limits, and the demo keeps serving", arguments: oversize)
    func oversizeRequests(attack: Attack) async throws {
        try await withDemoServer(configure: { $0.maxBodySize = Self.maxBodySize }) { demo in
            let response = try await fetchRaw(demo.server, attack.bytes)
            #expect(response.status == attack.status)
            #expect(!response.body.isEmpty, "the answer says why")
            #expect(try await demo.servesANormalClient())
        }
    }

    @Test("A slowloris client drip-feeding its head is cut by the connection timeout; others are served meanwhile")
    func slowloris() async throws {
        try await withDemoServer(configure: { $0.connectionTimeout = .seconds(1) }) { demo in
            let port = demo.port
            let dripper = Task {
                try await onThread { () -> Int? in
                    let client = try RawClient(port: port)
                    try client.send("GET /unauthenticated HTTP/1.1\r\nHost: x\r\n")
                    // One byte of an endless header every 100 ms: never idle for the timeout, so only a
                    // limit on the whole head stops it. Returns the bytes sent when the server cut it.
                    let header = Array("X-Drip: a\r\n".utf8)
                    for sent in 0..<300 {
                        if client.serverActs(within: 100) { return client.isClosedByServer() ? sent : nil }
                        guard (try? client.send([header[sent % header.count]])) != nil else { return sent }
                    }
                    return nil
                }
            }
            #expect(try await demo.servesANormalClient(), "served during the drip")
            let sent = try await dripper.value
            #expect(sent != nil, "the drip-feeding connection was closed")
            #expect(try await demo.servesANormalClient())
        }
    }

    @Test("Connections past the per-IP limit are closed; after they go, a fresh connection is served")
    func perIPLimit() async throws {
        let limit = 4
        try await withDemoServer(configure: { $0.perIPConnectionLimit = limit }) { demo in
            let port = demo.port
            let (held, extrasClosed) = try await onThread { () -> ([Int], [Bool]) in
                var open: [RawClient] = []
                var statuses: [Int] = []
                for _ in 0..<limit {
                    let client = try RawClient(port: port)
                    try client.sendRequest("GET", "/app.css")
                    statuses.append(try client.readResponse().status)
                    open.append(client)  // kept alive: it still counts against the limit
                }
                let extras = try (0..<3).map { _ -> Bool in
                    let extra = try RawClient(port: port)
                    try? extra.sendRequest("GET", "/app.css")
                    return extra.serverActs(within: 10_000) && extra.isClosedByServer()
                }
                return (statuses, extras)
            }
            #expect(held == Array(repeating: 200, count: limit))
            #expect(extrasClosed == [true, true, true])
            // The held connections are closed now; the server notices asynchronously.
            var served = false
            for _ in 0..<1000 where !served {
                served = (try? await fetch(demo.server, "GET", "/app.css"))?.status == 200
                if !served { try await Task.sleep(for: .milliseconds(5)) }
            }
            #expect(served)
            #expect(try await demo.servesANormalClient())
        }
    }

    static let badHeads: [Attack] = [
        Attack("unknown method FOO", "FOO /unauthenticated HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        Attack("lowercase get", "get /unauthenticated HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        Attack("method with a control byte", "GET\u{01} /unauthenticated HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        Attack("DELETE", "DELETE /unauthenticated HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        Attack("CONNECT", "CONNECT localhost:443 HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        Attack("TRACE", "TRACE /unauthenticated HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        Attack("HTTP/2.0", "GET /unauthenticated HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        Attack("HTTP/0.9", "GET /unauthenticated HTTP/0.9\r\nHost: x\r\n\r\n", 505),
        Attack("HTTP/1 without minor", "GET /unauthenticated HTTP/1\r\nHost: x\r\n\r\n", 400),
        Attack("lowercase http/1.1", "GET /unauthenticated http/1.1\r\nHost: x\r\n\r\n", 400),
        Attack("junk after the version", "GET /unauthenticated HTTP/1.1 x\r\nHost: x\r\n\r\n", 400),
        Attack("no version", "GET /unauthenticated\r\nHost: x\r\n\r\n", 400),
    ]

    @Test("Invalid methods and versions get a clear 4xx/505, never a 500 or a hang", arguments: badHeads)
    func invalidMethodsAndVersions(attack: Attack) async throws {
        try await withDemoServer { demo in
            let response = try await fetchRaw(demo.server, attack.bytes)
            #expect(response.status == attack.status)
            #expect(!response.body.isEmpty, "the answer says why")
            #expect(try await demo.servesANormalClient())
        }
    }

    /// A request on a session at `/unauthenticated`: `method`, raw target bytes, and for POSTs a
    /// raw urlencoded body (the session's CSRF token is put first).
    struct BadBytes: Sendable, CustomTestStringConvertible {
        let name: String
        let method: String
        let target: [UInt8]
        let body: [UInt8]?
        let status: Int
        var testDescription: String { self.name }

        init(_ name: String, _ method: String, _ target: [UInt8], body: [UInt8]? = nil, _ status: Int) {
            self.name = name
            self.method = method
            self.target = target
            self.body = body
            self.status = status
        }

        init(_ name: String, _ method: String, _ target: String, body: String? = nil, _ status: Int) {
            self.init(name, method, Array(target.utf8), body: body.map { Array($0.utf8) }, status)
        }

        func bytes(_ session: DemoSession) -> [UInt8] {
            var head = Array(self.method.utf8) + [0x20] + self.target + Array(" HTTP/1.1\r\nHost: localhost\r\n".utf8)
            head += Array("Cookie: \(session.cookie)\r\nAccept: application/json\r\n".utf8)
            guard let body = self.body else { return head + Array("\r\n".utf8) }
            let payload = Array("_csrf=\(session.csrf)&".utf8) + body
            head += Array("Content-Type: application/x-www-form-urlencoded\r\n".utf8)
            return head + Array("Content-Length: \(payload.count)\r\n\r\n".utf8) + payload
        }
    }

    static let badBytes: [BadBytes] = [
        BadBytes("raw 0xFF in a route name", "GET", Array("/unauthenticated/".utf8) + [0xFF], 400),
        BadBytes(
            "raw 0xFF in a route input",
            "GET",
            Array("/unauthenticated/registration/password/bob".utf8) + [0xFF],
            400
        ),
        BadBytes(
            "raw control byte in a path",
            "GET",
            Array("/unauthenticated/registration/password/b".utf8) + [0x01],
            400
        ),
        BadBytes(
            "raw 0xFF in a POST path",
            "POST",
            Array("/unauthenticated/".utf8) + [0xFF, 0xFE],
            body: Array("username=alice&password=wonderland".utf8),
            400
        ),
        BadBytes("%FF in a route name", "GET", "/unauthenticated/%FF", 404),
        BadBytes("%FF in a route input", "GET", "/unauthenticated/registration/password/b%FFob", 400),
        BadBytes("%00 in a route name", "GET", "/unauthenticated/%00", 400),
        BadBytes("%00 in a route input", "GET", "/unauthenticated/registration/password/bob%00", 400),
        BadBytes(
            "%00 in a POST path",
            "POST",
            "/unauthenticated/registration/password/bob%00",
            body: "password=tweedledum&confirmation=tweedledum",
            400
        ),
        BadBytes(
            "%00 in a navigation's from path",
            "POST",
            "/_nav/pop",
            body: "from=%2Funauthenticated%2Fregistration%2Fpassword%2Fbob%2500",
            400
        ),
        BadBytes("%FF%FE as the login username", "POST", "/unauthenticated", body: "username=%FF%FE&password=x", 400),
        BadBytes(
            "raw 0xFF in a form value",
            "POST",
            Array("/unauthenticated".utf8),
            body: Array("username=".utf8) + [0xFF] + Array("&password=x".utf8),
            400
        ),
        BadBytes(
            "%00 in the login username",
            "POST",
            "/unauthenticated",
            body: "username=al%00ice&password=wonderland",
            400
        ),
        BadBytes(
            "%00 in the forgotten password's username",
            "POST",
            "/unauthenticated/forgotPassword",
            body: "username=a%00b",
            400
        ),
        BadBytes("%00 in a form field name", "POST", "/unauthenticated", body: "user%00name=alice&password=x", 400),
    ]

    @Test(
        "Non-UTF-8 and NUL bytes in paths and forms get 400 (404 for unknown routes) and change nothing",
        arguments: badBytes
    )
    func badBytesInPathsAndForms(attack: BadBytes) async throws {
        try await withDemoServer { demo in
            let session = try await DemoSession.start(port: demo.port)
            let before = try await session.state()
            let response = try await fetchRaw(demo.server, attack.bytes(session))
            #expect(response.status == attack.status)
            #expect(!response.body.isEmpty, "the answer says why")
            #expect(try await session.state() == before)
            #expect(try await demo.servesANormalClient())
        }
    }
}
