import SignalboxHTTP
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Testing

@testable import SignalboxMHD

/// M2 of issue 34: what nginx refuses, the embedded server refuses too, before the responder runs,
/// and closes the connection (the bytes after a badly framed head cannot be trusted).
@Suite("HTTPServer request framing and body deadlines")
struct HTTPServerFramingTests {
    @Test(
        arguments: [
            (
                "conflicting Content-Length fields",
                "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\nabcde", 400
            ),
            (
                "Content-Length with Transfer-Encoding",
                "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                400
            ),
            ("an unknown transfer coding", "POST /body HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nabc", 501),
            (
                "a coding besides chunked",
                "POST /body HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501
            ),
            ("a folded header line", "GET /page HTTP/1.1\r\nHost: x\r\nX-A: one\r\n two\r\n\r\n", 400),
            ("a folded line with spaces", "GET /page HTTP/1.1\r\nHost: x\r\nX-A: one\r\n\ttwo three\r\n\r\n", 400),
            ("a bare CR in a value", "GET /page HTTP/1.1\r\nHost: x\r\nX-A: one\rtwo\r\n\r\n", 400),
        ] as [(String, String, Int)]
    )
    func aBadlyFramedRequestIsRefusedAndTheConnectionClosed(_ what: String, _ raw: String, _ status: Int) async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo) { server in
            let port = server.port
            let (response, closed) = try await onThread {
                let client = try RawClient(port: port, timeout: 5)
                try client.send(raw)
                let response = try client.readResponse()
                return (response, client.isClosedByServer())
            }
            #expect(response.status == status, "\(what)")
            #expect(response.closesConnection, "\(what)")
            #expect(closed, "\(what)")
            #expect(echo.recorded.all.isEmpty, "\(what): the responder never ran")
        }
    }

    @Test("Identical duplicate Content-Lengths, chunked alone and bare-LF line ends are accepted")
    func tolerableFramingIsAccepted() async throws {
        try await withServer { server in
            for raw in [
                "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
                "POST /body HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
                "POST /body HTTP/1.1\nHost: x\nContent-Length: 3\n\nabc",
            ] {
                let response = try await fetchRaw(server, Array(raw.utf8))
                #expect(response.status == 200, "\(raw.debugDescription)")
                #expect(response.body == Array("abc".utf8))
            }
        }
    }

    /// M2, as the review did it: clients from several addresses trickle their bodies; every one
    /// is answered 408 and closed by the body deadline, and a fair client is served meanwhile.
    @Test("Bodies trickled from several addresses get 408 and their connections close")
    func trickledBodiesAreCut() async throws {
        try await withServer(configure: { $0.bodyTimeout = .milliseconds(300) }) { server in
            let port = server.port
            let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await onThread {
                            let client = try RawClient(port: port, from: "127.0.0.\(2 + index % 4)", timeout: 10)
                            try client.send("POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab")
                            let response = try client.readResponse()
                            return (response.status, client.isClosedByServer())
                        }
                    }
                }
                var outcomes: [(Int, Bool)] = []
                for try await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            #expect(outcomes.count == 12)
            #expect(outcomes.allSatisfy { $0 == (408, true) })
            let fair = try await fetch(server, "POST", "/body", body: Array("hello".utf8))
            #expect(fair.status == 200)
        }
    }
}
