import HTTPTypes
import SignalboxHTTP
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Synchronization
import Testing

@testable import SignalboxMHD

@Suite("HTTPServer graceful shutdown")
struct HTTPServerShutdownTests {
    @Test(
        "Shutdown while clients are sending: every accepted request gets a complete response; new connects are refused"
    )
    func shutdownWhileSending() async throws {
        let gate = Gate()
        let responder = ClosureResponder { request in
            await gate.wait()
            return Response(
                status: .ok,
                contentType: "text/plain",
                body: "\(request.target.path) \(request.body.count)"
            )
        }
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.threadPoolSize = 2
        configuration.shutdownGracePeriod = .seconds(30)
        let server = HTTPServer(configuration: configuration, responder: responder, logger: .quiet)
        try server.start()
        let port = server.port

        // Four clients whose requests wait in the responder, four still sending their bodies.
        let bodySize = 20_000
        let waiting = (0..<4).map { _ in try? RawClient(port: port) }.compactMap { $0 }
        let sending = (0..<4).map { _ in try? RawClient(port: port) }.compactMap { $0 }
        #expect(waiting.count == 4 && sending.count == 4)
        for (index, client) in waiting.enumerated() {
            try client.sendRequest("POST", "/waiting/\(index)", body: [UInt8](repeating: 1, count: 10))
        }
        for (index, client) in sending.enumerated() {
            try client.send("POST /sending/\(index) HTTP/1.1\r\nHost: x\r\nContent-Length: \(bodySize)\r\n\r\n")
            try client.send([UInt8](repeating: 2, count: bodySize / 2))
        }
        #expect(await eventually { gate.arrivals == 4 && server.inFlightRequests.load(ordering: .relaxed) == 8 })

        let stopping = Task { await server.shutdown() }
        #expect(await eventually { RawClient.connectIsRefused(port: port) })

        // The senders finish their bodies after shutdown began; then the responders are released.
        for client in sending {
            try client.send([UInt8](repeating: 2, count: bodySize / 2))
        }
        gate.open()
        let transfer = UncheckedClients(waiting + sending)
        let responses = try await onThread { try transfer.clients.map { try $0.readResponse() } }
        await stopping.value

        #expect(responses.map(\.status) == Array(repeating: 200, count: 8))
        #expect(responses.prefix(4).map(\.text) == (0..<4).map { "/waiting/\($0) 10" })
        #expect(responses.suffix(4).map(\.text) == (0..<4).map { "/sending/\($0) \(bodySize)" })
        #expect(responses.allSatisfy { $0.closesConnection })
        #expect(RawClient.connectIsRefused(port: port))
        #expect(server.inFlightRequests.load(ordering: .relaxed) == 0)
        #expect(server.port == 0)
    }

    @Test("A responder still running after the grace period is answered 503 and cancelled")
    func gracePeriodOver() async throws {
        let gate = Gate()
        let cancelled = Gate()
        let responder = ClosureResponder { _ in
            await gate.wait()
            do {
                try await Task.sleep(for: .seconds(600))
            } catch {
                await cancelled.wait()
                throw error
            }
            return Response(status: .ok)
        }
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .milliseconds(200)
        let server = HTTPServer(configuration: configuration, responder: responder, logger: .quiet)
        try server.start()
        let port = server.port
        let client = try RawClient(port: port)
        try client.sendRequest("GET", "/forever")
        #expect(await eventually { gate.arrivals == 1 })
        gate.open()
        await server.shutdown()
        let transfer = UncheckedClients([client])
        let response = try await onThread { try transfer.clients[0].readResponse() }
        #expect(response.status == 503)
        #expect(response.closesConnection)
        #expect(response.text == "503 Service Unavailable: the server is shutting down\n")
        #expect(await eventually { cancelled.arrivals == 1 })
        cancelled.open()
    }

    @Test("Once shutdown forbids suspending, an unfinished responder gets 503 at once; a finished one its response")
    func noSuspensionWhileStopping() async throws {
        let responder = ClosureResponder { request in
            if request.target.path == "/slow" {
                try await Task.sleep(for: .seconds(600))
            }
            return Response(status: .ok, contentType: "text/plain", body: "done")
        }
        try await withServer(responder: responder, configure: { $0.alwaysSuspend = true }) { server in
            // What shutdown does right before its final pass.
            server.suspended.withLock { $0.isClosed = true }
            let slow = try await fetch(server, "GET", "/slow")
            let fast = try await fetch(server, "GET", "/fast")
            #expect(slow.status == 503)
            #expect(slow.closesConnection)
            #expect(fast.status == 200)
            #expect(fast.text == "done")
        }
    }

    @Test("An idle keep-alive connection does not hold shutdown for the grace period")
    func idleKeepAlive() async throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .seconds(120)
        let server = HTTPServer(configuration: configuration, responder: EchoResponder(), logger: .quiet)
        try server.start()
        let client = try RawClient(port: server.port)
        try client.sendRequest("GET", "/idle")
        #expect(try client.readResponse().status == 200)

        let started = ContinuousClock.now
        await server.shutdown()
        // Far below the 120 s grace period: the server noticed nothing was in flight.
        #expect(ContinuousClock.now - started < .seconds(60))
        let transfer = UncheckedClients([client])
        #expect(try await onThread { transfer.clients[0].isClosedByServer() })
    }

    @Test("Shutdown is idempotent, concurrent calls all return, and a stopped server cannot restart")
    func idempotent() async throws {
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0),
            responder: EchoResponder(),
            logger: .quiet
        )
        await server.shutdown()  // never started: nothing to do
        try server.start()
        #expect(server.isRunning)
        async let first: Void = server.shutdown()
        async let second: Void = server.shutdown()
        _ = await (first, second)
        await server.shutdown()
        #expect(!server.isRunning)
        #expect(server.port == 0)
        #expect(throws: HTTPServerError.self) { try server.start() }
    }
}

/// Moves blocking clients to a helper thread; each client is used by one thread at a time.
struct UncheckedClients: @unchecked Sendable {
    // @unchecked: the test hands the clients over and does not touch them until the thread finishes.
    let clients: [RawClient]

    init(_ clients: [RawClient]) {
        self.clients = clients
    }
}
