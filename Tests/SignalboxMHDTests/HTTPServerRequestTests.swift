import HTTPTypes
import SignalboxHTTP
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Testing

@testable import SignalboxMHD

@Suite("HTTPServer requests")
struct HTTPServerRequestTests {
    @Test(
        "Methods reach the responder unchanged",
        arguments: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PURGE"]
    )
    func methodsReachTheResponder(method: String) async throws {
        try await withServer { server in
            let response = try await fetch(server, method, "/m")
            #expect(response.status == 200)
            #expect(response.echoed("method") == [method])
        }
    }

    @Test("HEAD gets the head of the GET response without a body")
    func headGetsNoBody() async throws {
        try await withServer { server in
            let get = try await fetch(server, "GET", "/h")
            let head = try await fetch(server, "HEAD", "/h")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Type") == "text/plain; charset=utf-8")
            // The responder echoes the method: HEAD's body would be one byte longer than GET's ("HEAD" vs "GET").
            #expect(Int(head.header("Content-Length") ?? "") == get.body.count + 1)
        }
    }

    @Test(
        "The raw request target keeps its percent-encoding and query",
        arguments: [
            "/todos/a%2Fb?q=x%26y",
            "/todos/a%20b/3?tab=done&q=x%26y",
            "/caf%C3%A9?name=%C3%A9t%C3%A9&empty=&flag",
            "/a%3Fb%23c?x=%3F%23",
            "/",
            "/plus+sign?a+b=c+d",
        ]
    )
    func rawTargetIsPreserved(target: String) async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            let response = try await fetch(server, "GET", target)
            #expect(response.status == 200)
            #expect(response.echoed("path") == [target])
            let request = try #require(echo.recorded.last)
            #expect(request.head.path == target)
            #expect(request.head.scheme == nil)
            #expect(request.target == RequestTarget(target))
        }
    }

    @Test("Host becomes the authority; client address is the peer's")
    func authorityAndClientAddress() async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            _ = try await fetch(server, "GET", "/")
            let request = try #require(echo.recorded.last)
            #expect(request.head.authority == "localhost")
            #expect(request.clientAddress == "127.0.0.1")
            #expect(request.headerFields[HTTPField.Name("Host")!] == nil)
        }
    }

    @Test("Header fields arrive in order, repeated ones kept")
    func headerFieldsArrive() async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            _ = try await fetch(
                server,
                "GET",
                "/",
                headers: [("X-Custom", "one"), ("Accept", "text/html"), ("X-Custom", "two"), ("User-Agent", "raw/1")]
            )
            let request = try #require(echo.recorded.last)
            let custom = HTTPField.Name("X-Custom")!
            #expect(request.headerFields[values: custom] == ["one", "two"])
            #expect(request.headerFields[.accept] == "text/html")
            #expect(request.headerFields[.userAgent] == "raw/1")
        }
    }

    @Test("Cookies arrive; several Set-Cookie fields all reach the client")
    func cookiesBothWays() async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            let response = try await fetch(server, "GET", "/cookies", headers: [("Cookie", "session=abc; theme=dark")])
            #expect(
                response.headers(named: "Set-Cookie") == [
                    "a=1; Path=/; HttpOnly", "b=2; Path=/; SameSite=Lax", "c=3; Max-Age=60",
                ]
            )
            let request = try #require(echo.recorded.last)
            #expect(request.headerFields[.cookie] == "session=abc; theme=dark")
        }
    }

    @Test("A urlencoded body arrives byte for byte")
    func urlencodedBody() async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            let body = Array("title=Buy+milk&note=caf%C3%A9+%26+cr%C3%A8me".utf8)
            let response = try await fetch(
                server,
                "POST",
                "/body",
                headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: body
            )
            #expect(response.status == 200)
            #expect(response.body == body)
            let request = try #require(echo.recorded.last)
            #expect(request.headerFields[.contentType] == "application/x-www-form-urlencoded")
            #expect(request.body == body)
        }
    }

    @Test("A JSON body arrives byte for byte")
    func jsonBody() async throws {
        try await withServer { server in
            let body = Array(#"{"title":"Buy milk","done":false,"tags":["a","ü"]}"#.utf8)
            let response = try await fetch(
                server,
                "PUT",
                "/body",
                headers: [("Content-Type", "application/json")],
                body: body
            )
            #expect(response.body == body)
        }
    }

    @Test("A chunked body is de-chunked", arguments: [0, 1, 999, 1000, 1001, 70_000])
    func chunkedBody(size: Int) async throws {
        try await withServer { server in
            let body = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let response = try await fetch(server, "POST", "/body", body: body, chunked: true)
            #expect(response.status == 200)
            #expect(response.body == body)
        }
    }

    @Test("A binary response body is sent unchanged")
    func binaryResponse() async throws {
        let bytes = (0..<256).map { UInt8($0) }
        let responder = ClosureResponder { _ in Response(status: .ok, body: bytes) }
        try await withServer(responder: responder) { server in
            let response = try await fetch(server, "GET", "/")
            #expect(response.body == bytes)
        }
    }

    @Test("Status and custom header fields of the response reach the client")
    func responseStatusAndFields() async throws {
        let responder = ClosureResponder { _ in
            var fields = HTTPFields()
            fields[.location] = "/next"
            fields[HTTPField.Name("X-Trace")!] = "t-1"
            return Response(status: .seeOther, headerFields: fields)
        }
        try await withServer(responder: responder) { server in
            let response = try await fetch(server, "POST", "/form", body: Array("a=1".utf8))
            #expect(response.status == 303)
            #expect(response.header("Location") == "/next")
            #expect(response.header("X-Trace") == "t-1")
            #expect(response.header("Date") != nil)
        }
    }

    @Test("A request that arrives one byte at a time is parsed like any other")
    func dripFed() async throws {
        try await withServer { server in
            let port = server.port
            let response = try await onThread {
                let client = try RawClient(port: port)
                let request = "POST /body?x=%20y HTTP/1.1\r\nHost: drip\r\nContent-Length: 11\r\n\r\nhello world"
                for byte in request.utf8 {
                    try client.send([byte])
                }
                return try client.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.text == "hello world")
        }
    }

    @Test("Expect: 100-continue within the limit gets 100 Continue, then the response")
    func expectContinue() async throws {
        try await withServer { server in
            let port = server.port
            let (interim, final) = try await onThread {
                let client = try RawClient(port: port)
                try client.send("PUT /body HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
                let interim = try client.readResponse()
                try client.send("12345")
                return (interim, try client.readResponse())
            }
            #expect(interim.status == 100)
            #expect(final.status == 200)
            #expect(final.text == "12345")
        }
    }

    @Test("Header names in any spelling are recognised")
    func headerNameSpellings() async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            let response = try await fetchRaw(
                server,
                Array(
                    "GET /s HTTP/1.1\r\nhost: lower.example\r\nuser-agent: lower/1\r\nCONTENT-TYPE: text/x\r\n\r\n".utf8
                )
            )
            #expect(response.status == 200)
            let request = try #require(echo.recorded.last)
            #expect(request.head.authority == "lower.example")
            #expect(request.headerFields[.userAgent] == "lower/1")
            #expect(request.headerFields[.contentType] == "text/x")
        }
    }
}
