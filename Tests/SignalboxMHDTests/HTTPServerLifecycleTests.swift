import HTTPTypes
import SignalboxHTTP
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Testing

@testable import SignalboxMHD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
                configuration: .init(host: "127.0.0.1", port: server.port),
                responder: EchoResponder(),
                logger: .quiet
            )
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

    @Test(
        "A head drip-fed without ever idling is closed after the connection timeout",
        arguments: [
            (name: "first request", keptAlive: false),
            (name: "next request on a kept-alive connection", keptAlive: true),
        ]
    )
    func dripFedHeadIsCut(name: String, keptAlive: Bool) async throws {
        let echo = EchoResponder()
        try await withServer(responder: echo, configure: { $0.connectionTimeout = .seconds(1) }) { server in
            let port = server.port
            let (first, cut) = try await onThread { () -> (Int?, Bool) in
                let client = try RawClient(port: port)
                var first: Int?
                if keptAlive {
                    try client.sendRequest("GET", "/first")
                    first = try client.readResponse().status
                }
                try client.send("GET /slow HTTP/1.1\r\nHost: x\r\n")
                // A byte every 100 ms: never idle for a second, so only the head deadline ends it.
                let header = Array("X-Drip: a\r\n".utf8)
                for sent in 0..<300 {
                    if client.serverActs(within: 100) { return (first, client.isClosedByServer()) }
                    guard (try? client.send([header[sent % header.count]])) != nil else { return (first, true) }
                }
                return (first, false)
            }
            #expect(first == (keptAlive ? 200 : nil), "\(name)")
            #expect(cut, "\(name)")
            #expect(echo.recorded.all.map { $0.target.path } == (keptAlive ? ["/first"] : []))
            #expect(try await fetch(server, "GET", "/after").status == 200)
        }
    }
}

@Suite("HTTPServer request head and body deadlines")
struct ReadDeadlinesTests {
    /// A connected pair of sockets: the deadlines own one end, the test watches the other.
    final class SocketPair {
        let mine: Int32
        let theirs: Int32

        init() throws {
            var fds: [Int32] = [-1, -1]
            #if canImport(Glibc)
            let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
            #else
            let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &fds)
            #endif
            guard made == 0 else { throw RawClient.Failure(description: "socketpair: errno \(errno)") }
            self.mine = fds[0]
            self.theirs = fds[1]
        }

        deinit {
            #if canImport(Glibc)
            _ = Glibc.close(self.mine)
            _ = Glibc.close(self.theirs)
            #else
            _ = Darwin.close(self.mine)
            _ = Darwin.close(self.theirs)
            #endif
        }

        /// Whether the deadlines' end was shut down: the watched end reads end of file at once.
        var wasShutDown: Bool {
            var descriptor = pollfd(fd: self.theirs, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return false }
            var byte: UInt8 = 0
            return recv(self.theirs, &byte, 1, Int32(MSG_DONTWAIT)) == 0
        }
    }

    /// A stand-in for a `struct MHD_Connection *`: only its address is used, as a key.
    var connection: OpaquePointer { OpaquePointer(bitPattern: 0x1000)! }

    @Test("A connection is shut down once its head deadline has passed, not before")
    func pastTheDeadline() throws {
        let deadlines = ReadDeadlines(headLimit: .seconds(2))
        let pair = try SocketPair()
        let before = ContinuousClock.now
        deadlines.opened(self.connection, socket: pair.mine)
        let after = ContinuousClock.now
        #expect(deadlines.cutExpired(now: before + .milliseconds(1999)) == (0, 0))
        #expect(!pair.wasShutDown)
        #expect(deadlines.cutExpired(now: after + .seconds(2)) == (1, 0))
        #expect(pair.wasShutDown)
        #expect(deadlines.cutExpired(now: after + .seconds(3)) == (0, 0), "each connection is cut once")
        #expect(deadlines.count == 1, "forgotten only when libmicrohttpd reports the close")
    }

    @Test("A complete head lifts the deadline until the request finishes; then the next head is due")
    func headArrivedAndNextRequest() throws {
        let deadlines = ReadDeadlines(headLimit: .seconds(1))
        let pair = try SocketPair()
        deadlines.opened(self.connection, socket: pair.mine)
        deadlines.headArrived(self.connection)
        #expect(deadlines.cutExpired(now: .now + .seconds(3600)) == (0, 0), "responders are not cut")
        #expect(!pair.wasShutDown)
        deadlines.awaitingHead(self.connection)
        #expect(deadlines.cutExpired(now: .now + .seconds(2)) == (1, 0))
        #expect(pair.wasShutDown)
    }

    @Test("A closed connection is forgotten, and its socket never touched again")
    func closedIsForgotten() throws {
        let deadlines = ReadDeadlines(headLimit: .seconds(1))
        let pair = try SocketPair()
        deadlines.opened(self.connection, socket: pair.mine)
        deadlines.closed(self.connection)
        deadlines.awaitingHead(self.connection)  // a completion reported after the close adds nothing
        #expect(deadlines.count == 0)
        #expect(deadlines.cutExpired(now: .now + .seconds(2)) == (0, 0))
        #expect(!pair.wasShutDown)
    }

    /// M2: a body trickled in is cut with a 408; a body arriving at a fair rate earns its time.
    @Test("A body is due a limit after its head, plus a second per minimum rate of bytes received")
    func bodyDeadline() throws {
        let deadlines = ReadDeadlines(headLimit: .seconds(1), bodyLimit: .seconds(10), minimumBodyRate: 1000)
        let pair = try SocketPair()
        deadlines.opened(self.connection, socket: pair.mine)
        deadlines.headArrived(self.connection)
        let started = ContinuousClock.now
        deadlines.bodyStarted(self.connection, now: started)
        deadlines.bodyReceived(self.connection, count: 5_000)  // earns 5 s
        #expect(deadlines.cutExpired(now: started + .milliseconds(14_999)) == (0, 0))
        #expect(!pair.wasShutDown)
        #expect(deadlines.cutExpired(now: started + .seconds(15)) == (0, 1))
        var answer = [UInt8](repeating: 0, count: 512)
        let count = recv(pair.theirs, &answer, answer.count, Int32(MSG_DONTWAIT))
        let text = String(decoding: answer.prefix(max(0, count)), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"))
        #expect(pair.wasShutDown)
    }

    @Test("A complete body lifts its deadline; the next head is due after the answer")
    func bodyEndedThenNextHead() throws {
        let deadlines = ReadDeadlines(headLimit: .seconds(1), bodyLimit: .seconds(1))
        let pair = try SocketPair()
        deadlines.opened(self.connection, socket: pair.mine)
        deadlines.headArrived(self.connection)
        deadlines.bodyStarted(self.connection)
        deadlines.bodyEnded(self.connection)
        #expect(deadlines.cutExpired(now: .now + .seconds(3600)) == (0, 0), "slow responders are not cut")
        deadlines.awaitingHead(self.connection)
        #expect(deadlines.cutExpired(now: .now + .seconds(2)) == (1, 0))
    }

    @Test("The server forgets every connection it closed")
    func serverForgetsClosedConnections() async throws {
        try await withServer(configure: { $0.connectionTimeout = .seconds(5) }) { server in
            for _ in 0..<5 {
                _ = try await fetch(server, "GET", "/", headers: [("Connection", "close")])
            }
            let deadlines = try #require(server.readDeadlines)
            #expect(await eventually { deadlines.count == 0 })
        }
    }

    @Test("Without a connection timeout or a body timeout there are no deadlines")
    func offWithoutTimeout() {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.connectionTimeout = .zero
        #expect(
            HTTPServer(configuration: configuration, responder: EchoResponder(), logger: .quiet).readDeadlines != nil
        )
        configuration.bodyTimeout = .zero
        #expect(
            HTTPServer(configuration: configuration, responder: EchoResponder(), logger: .quiet).readDeadlines == nil
        )
    }
}
