import HTTPTypes
import SignalboxHTTP
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Testing

@testable import SignalboxMHD

@Suite("HTTPServer limits and protocol errors")
struct HTTPServerLimitsTests {
    @Test("A Content-Length over the limit gets 413 before the body is read, and the connection closes")
    func contentLengthOverLimit() async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo, configure: { $0.maxBodySize = 1000 }) { server in
            let port = server.port
            let (response, closed) = try await onThread {
                let client = try RawClient(port: port)
                // Only the head: the server must answer without waiting for the body.
                try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1001\r\n\r\n")
                let response = try client.readResponse()
                return (response, client.isClosedByServer())
            }
            #expect(response.status == 413)
            #expect(response.closesConnection)
            #expect(response.text == "413 Payload Too Large: the body exceeds 1000 bytes\n")
            #expect(closed)
            #expect(echo.recorded.all.isEmpty)
        }
    }

    @Test("Expect: 100-continue with an oversize body gets 413 and no 100 Continue")
    func expectContinueOverLimit() async throws {
        try await withServer(configure: { $0.maxBodySize = 1000 }) { server in
            let response = try await fetchRaw(
                server,
                Array("POST /u HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n".utf8)
            )
            #expect(response.status == 413)
        }
    }

    @Test("A body exactly at the limit is accepted")
    func bodyAtLimit() async throws {
        try await withServer(configure: { $0.maxBodySize = 1000 }) { server in
            let body = [UInt8](repeating: 65, count: 1000)
            let response = try await fetch(server, "POST", "/body", body: body)
            #expect(response.status == 200)
            #expect(response.body == body)
            let chunked = try await fetch(server, "POST", "/body", body: body, chunked: true)
            #expect(chunked.status == 200)
            #expect(chunked.body == body)
        }
    }

    @Test("A chunked body that passes the limit gets 413 and the responder never runs")
    func chunkedOverLimit() async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo, configure: { $0.maxBodySize = 10_000 }) { server in
            let body = [UInt8](repeating: 66, count: 10_001)
            let response = try await fetch(server, "POST", "/body", body: body, chunked: true)
            #expect(response.status == 413)
            #expect(response.closesConnection)
            #expect(echo.recorded.all.isEmpty)
        }
    }

    @Test("Server errors are JSON when the client accepts JSON")
    func jsonErrorBody() async throws {
        try await withServer(configure: { $0.maxBodySize = 10 }) { server in
            let response = try await fetch(
                server,
                "POST",
                "/body",
                headers: [("Accept", "application/json")],
                body: Array("01234567890".utf8)
            )
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == "application/json")
            #expect(
                response.text == #"{"error":"payloadTooLarge","message":"the body exceeds 10 bytes","status":413}"#
                    + "\n"
            )
        }
    }

    @Test(
        "The server's errors choose JSON by the web layer's rule: JSON preferred over HTML, any case or position",
        arguments: [
            ("application/json", true), ("text/html;q=0.5, Application/JSON;q=0.9", true),
            ("*/*;q=0.1, APPLICATION/JSON", true), ("text/html, application/json;q=0.1", false),
            ("text/html, application/json", false), ("*/*", false),
        ]
    )
    func jsonErrorAcceptVariants(accept: String, json: Bool) async throws {
        try await withServer(configure: { $0.maxBodySize = 1 }) { server in
            let response = try await fetch(server, "POST", "/", headers: [("Accept", accept)], body: Array("12".utf8))
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == (json ? "application/json" : "text/plain; charset=utf-8"))
        }
    }

    @Test("The server's JSON errors escape markup like the web layer's")
    func serverJSONEscapesMarkup() {
        let response = ServerErrorResponse.make(.badRequest, message: #"bad <b>&'""#, json: true)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains(#""message":"bad \u003cb\u003e\u0026\u0027\"""#))
    }

    /// libmicrohttpd's own answers for heads it cannot or will not parse.
    @Test(
        "libmicrohttpd's protocol errors reach the client",
        arguments: [
            (
                name: "URL longer than the connection memory",
                head: "GET /\(String(repeating: "a", count: 80_000)) HTTP/1.1\r\nHost: x\r\n\r\n", status: 414
            ),
            (
                name: "header larger than the connection memory",
                head: "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 80_000))\r\n\r\n",
                status: 431
            ),
            (name: "HTTP/2.0 request line", head: "GET / HTTP/2.0\r\nHost: x\r\n\r\n", status: 505),
            (name: "HTTP/0.9 request line", head: "GET / HTTP/0.9\r\nHost: x\r\n\r\n", status: 505),
            (name: "malformed version", head: "GET / HTTX/1.1\r\nHost: x\r\n\r\n", status: 400),
            (
                name: "header line without a colon", head: "GET / HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n",
                status: 400
            ),
            (
                name: "non-numeric Content-Length", head: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
                status: 400
            ),
        ]
    )
    func protocolErrors(name: String, head: String, status: Int) async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            let response = try await fetchRaw(server, Array(head.utf8))
            #expect(response.status == status, "\(name)")
            #expect(echo.recorded.all.isEmpty)
        }
    }

    @Test(
        "Invalid methods, field names and target bytes get 400 from the server, never the responder",
        arguments: [
            "G@T / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /caf\u{E9} HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a\u{01}b HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a\u{7F}b HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nBad(Name): 1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nBad/Name: 1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        ]
    )
    func invalidTokens(head: String) async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            let response = try await fetchRaw(server, Array(head.utf8))
            #expect(response.status == 400)
            #expect(echo.recorded.all.isEmpty)
        }
    }
}
