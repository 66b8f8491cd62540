import HTTPTypes
import SignalboxHTTP
import Testing

@testable import SignalboxMHD

@Suite("HTTPServer configuration and lifecycle")
struct HTTPServerLifecycleTests {
    @Test("Port 0 picks a free port and the server reports it")
    func ephemeralPorts() async throws {
        try await withServer { first in
            try await withServer { second in
                #expect(first.port > 0)
                #expect(second.port > 0)
                #expect(first.port != second.port)
                let status = try await fetch(second, "GET", "/").status
                #expect(status == 200)
            }
        }
    }

    @Test("Binding a port in use fails with the address and libmicrohttpd's reason")
    func portInUse() async throws {
        try await withServer { server in
            let clash = HTTPServer(
                configuration: .init(host: "127.0.0.1", port: server.port), responder: EchoResponder(), logger: .quiet)
            let error = try #require(throws: HTTPServerError.self) { try clash.start() }
            #expect(error.code == .startFailed)
            #expect(error.message.contains("127.0.0.1:\(server.port)"))
            #expect(!clash.isRunning)
            await clash.shutdown()
        }
    }

    @Test(
        "Invalid configurations are rejected before binding",
        arguments: [
            { (configuration: inout HTTPServer.Configuration) in configuration.host = "example.com" },
            { $0.port = 70_000 },
            { $0.threadPoolSize = 0 },
            { $0.maxBodySize = -1 },
            { $0.connectionMemoryLimit = 100 },
        ] as [@Sendable (inout HTTPServer.Configuration) -> Void]
    )
    func invalidConfiguration(change: @Sendable (inout HTTPServer.Configuration) -> Void) throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        change(&configuration)
        let server = HTTPServer(configuration: configuration, responder: EchoResponder(), logger: .quiet)
        let error = try #require(throws: HTTPServerError.self) { try server.start() }
        #expect(error.code == .invalidConfiguration)
    }

    @Test("IPv6 loopback works")
    func ipv6() async throws {
        let server = HTTPServer(configuration: .init(host: "::1", port: 0), responder: EchoResponder(), logger: .quiet)
        do {
            try server.start()
        } catch {
            return  // no IPv6 on this machine
        }
        #expect(server.port > 0)
        await server.shutdown()
    }

    @Test("The per-IP connection limit closes connections past it")
    func perIPLimit() async throws {
        try await withServer(configure: { $0.perIPConnectionLimit = 2 }) { server in
            let port = server.port
            let (firstTwo, third) = try await onThread {
                let a = try RawClient(port: port)
                let b = try RawClient(port: port)
                try a.sendRequest("GET", "/a")
                try b.sendRequest("GET", "/b")
                let firstTwo = try [a.readResponse().status, b.readResponse().status]
                let c = try RawClient(port: port)
                try? c.sendRequest("GET", "/c")
                return (firstTwo, try? c.readResponse())
            }
            #expect(firstTwo == [200, 200])
            #expect(third == nil)
        }
    }

    @Test("An idle connection is closed after the connection timeout")
    func connectionTimeout() async throws {
        try await withServer(configure: { $0.connectionTimeout = .seconds(1) }) { server in
            let port = server.port
            let closed = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest("GET", "/")
                _ = try client.readResponse()
                return client.isClosedByServer()
            }
            #expect(closed)
        }
    }
}
