import HTTPTypes
import SignalboxHTTP
@_spi(RawHTTP) import SignalboxTesting
import Synchronization
import Testing

@testable import SignalboxMHD

@Suite("HTTPServer under concurrent load")
struct HTTPServerConcurrencyTests {
    @Test("32 concurrent clients × 200 requests are all answered correctly")
    func manyClients() async throws {
        let responder = ClosureResponder { request in
            // Every third request really suspends, so both paths run under load.
            if request.target.path.hasSuffix("/0") {
                await Task.yield()
                try await Task.sleep(for: .microseconds(100))
            }
            var response = Response(
                status: .ok,
                contentType: "text/plain",
                body: "echo \(request.target.path)?\(request.target.query ?? "")|\(request.body.count)"
            )
            response.appendSetCookie("seen=\(request.target.path)")
            return response
        }
        try await withServer(responder: responder) { server in
            let port = server.port
            let results = try await withThrowingTaskGroup(of: Int.self) { group in
                for client in 0..<32 {
                    group.addTask {
                        try await onThread {
                            var correct = 0
                            var connection = try RawClient(port: port)
                            for index in 0..<200 {
                                // Every 50 requests, start a fresh connection.
                                if index % 50 == 49 { connection = try RawClient(port: port) }
                                let path = "/c\(client)/r\(index)/\(index % 3)"
                                let body = index % 2 == 0 ? [] : Array("payload-\(index)".utf8)
                                try connection.sendRequest(
                                    index % 2 == 0 ? "GET" : "POST",
                                    path + "?q=a%26b",
                                    body: body
                                )
                                let response = try connection.readResponse()
                                if response.status == 200, response.text == "echo \(path)?q=a%26b|\(body.count)",
                                    response.headers(named: "Set-Cookie") == ["seen=\(path)"]
                                {
                                    correct += 1
                                }
                            }
                            return correct
                        }
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(results.count == 32)
            #expect(results.allSatisfy { $0 == 200 })
            // Every request's state was released (the completion callback balances the URI callback).
            #expect(await eventually { server.inFlightRequests.load(ordering: .relaxed) == 0 })
        }
    }
}
