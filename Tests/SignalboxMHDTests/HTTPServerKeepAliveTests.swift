import HTTPTypes
import SignalboxHTTP
@_spi(RawHTTP) import SignalboxTesting
import Testing

@testable import SignalboxMHD

@Suite("HTTPServer keep-alive")
struct HTTPServerKeepAliveTests {
    @Test("Two requests on one connection both get answers, and the connection stays open", arguments: [false, true])
    func twoRequestsOneConnection(suspending: Bool) async throws {
        let responder = ClosureResponder { request in
            if suspending {
                try await Task.sleep(for: .milliseconds(2))
            }
            return Response(status: .ok, contentType: "text/plain", body: "you asked for \(request.target.path)\n")
        }
        try await withServer(responder: responder) { server in
            let port = server.port
            let (first, second, stillOpen) = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest("GET", "/one")
                let first = try client.readResponse()
                try client.sendRequest("POST", "/two", body: Array("x=1".utf8))
                let second = try client.readResponse()
                try client.sendRequest("GET", "/three")
                let third = try client.readResponse()
                return (first, second, third.status == 200)
            }
            #expect(first.status == 200)
            #expect(first.text == "you asked for /one\n")
            #expect(!first.closesConnection)
            #expect(second.text == "you asked for /two\n")
            #expect(!second.closesConnection)
            #expect(stillOpen)
        }
    }

    @Test("Pipelined requests are answered in order")
    func pipelining() async throws {
        try await withServer { server in
            let port = server.port
            let paths = try await onThread {
                let client = try RawClient(port: port)
                try client.send(
                    "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhiGET /c HTTP/1.1\r\nHost: x\r\n\r\n"
                )
                return try (0..<3).map { _ in try client.readResponse().echoed("path") }
            }
            #expect(paths == [["/a"], ["/b"], ["/c"]])
        }
    }

    @Test("HTTP/1.0 keeps the connection only when asked")
    func http10() async throws {
        try await withServer { server in
            let port = server.port
            let (kept, closed) = try await onThread {
                let keepAlive = try RawClient(port: port)
                try keepAlive.send("GET /k HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let first = try keepAlive.readResponse()
                try keepAlive.send("GET /k2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let second = try keepAlive.readResponse()

                let plain = try RawClient(port: port)
                try plain.send("GET /c HTTP/1.0\r\n\r\n")
                _ = try plain.readResponse()
                return (first.status == 200 && second.status == 200, plain.isClosedByServer())
            }
            #expect(kept)
            #expect(closed)
        }
    }

    @Test("Connection: close from the client closes after the response")
    func clientClose() async throws {
        try await withServer { server in
            let port = server.port
            let (response, closed) = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest("GET", "/bye", headers: [("Connection", "close")])
                let response = try client.readResponse()
                return (response, client.isClosedByServer())
            }
            #expect(response.status == 200)
            #expect(closed)
        }
    }
}
