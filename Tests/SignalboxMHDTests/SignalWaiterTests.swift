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

/// Uses SIGUSR2 (never SIGINT/SIGTERM) so the test process keeps its usual signal behaviour.
/// Serialized: every waiter shares one pipe.
@Suite("SignalWaiter", .serialized)
struct SignalWaiterTests {
    @Test("A signal raised after the waiter exists is delivered to wait()")
    func deliversSignal() async throws {
        let waiter = try SignalWaiter(signals: [Signal.user2])
        kill(getpid(), SIGUSR2)
        let signal = await waiter.wait()
        #expect(signal == Signal.user2)
    }

    @Test("runUntilSignalled serves until the signal, then shuts down")
    func runUntilSignalled() async throws {
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0),
            responder: EchoResponder(),
            logger: .quiet
        )
        let running = Task { try await server.runUntilSignalled([Signal.user2]) }
        #expect(await eventually { server.port > 0 })
        let port = server.port
        #expect(try await fetch(server, "GET", "/alive").status == 200)
        kill(getpid(), SIGUSR2)
        let signal = try await running.value
        #expect(signal == Signal.user2)
        #expect(!server.isRunning)
        #expect(RawClient.connectIsRefused(port: port))
    }
}

typealias Signal = SignalWaiter.Signal

extension SignalWaiter.Signal {
    static var user2: Self { Self(rawValue: SIGUSR2) }
}
