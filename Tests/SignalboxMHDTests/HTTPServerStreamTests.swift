import HTTPTypes
import SignalboxHTTP
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Synchronization
import Testing

@testable import SignalboxMHD

@Suite("HTTPServer streamed responses")
struct HTTPServerStreamTests {
    /// Answers `/stream` with a stream the test feeds, and anything else with `plain`.
    final class Streams: Responder {
        private let open = Mutex<[AsyncStream<[UInt8]>.Continuation]>([])
        private let ended = Atomic<Int>(0)

        var opened: Int { self.open.withLock { $0.count } }
        /// Streams whose server stopped reading them (client gone, body ended, shutdown).
        var terminated: Int { self.ended.load(ordering: .relaxed) }

        func yield(_ text: String, to index: Int) {
            _ = self.open.withLock { $0[index] }.yield(Array(text.utf8))
        }

        func finish(_ index: Int) {
            self.open.withLock { $0[index] }.finish()
        }

        func respond(to request: Request) async throws -> Response {
            guard request.target.path == "/stream" else {
                return Response(status: .ok, contentType: "text/plain", body: "plain")
            }
            let (stream, continuation) = ResponseStream.makeStream()
            continuation.onTermination = { _ in self.ended.add(1, ordering: .relaxed) }
            self.open.withLock { $0.append(continuation) }
            return Response(status: .ok, headerFields: [.contentType: "text/event-stream"], stream: stream)
        }
    }

    @Test("Each piece reaches the client as it is produced; the body ends when the stream does")
    func piecesArriveAsProduced() async throws {
        let streams = Streams()
        try await withServer(responder: streams) { server in
            let client = try RawClient(port: server.port)
            try client.sendRequest("GET", "/stream")
            let head = try await on(client) { try $0.readHead() }
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/event-stream")
            #expect(head.header("Transfer-Encoding")?.lowercased() == "chunked")
            #expect(head.header("Content-Length") == nil)
            for text in ["data: one\n\n", "data: two\n\n"] {
                streams.yield(text, to: 0)
                let chunk = try await on(client) { try $0.readChunk() }
                #expect(chunk.map { String(decoding: $0, as: UTF8.self) } == text)
            }
            streams.finish(0)
            #expect(try await on(client) { try $0.readChunk() } == nil)
            #expect(await eventually { streams.terminated == 1 })
            // The connection stays usable.
            try client.sendRequest("GET", "/after")
            #expect(try await on(client) { try $0.readResponse() }.text == "plain")
        }
    }

    @Test("Quiet streams hold no worker thread: 40 open on 2 threads, other requests are answered")
    func quietStreamsHoldNoThread() async throws {
        let streams = Streams()
        try await withServer(responder: streams, configure: { $0.threadPoolSize = 2 }) { server in
            let clients = try openStreams(40, port: server.port)
            #expect(await eventually { streams.opened == 40 })
            let other = try RawClient(port: server.port)
            try other.sendRequest("GET", "/page")
            #expect(try await on(other) { try $0.readResponse() }.text == "plain")
            // (Streams are numbered in the order the server answered them.)
            for index in 0..<40 { streams.yield("data: last\n\n", to: index) }
            let chunk = try await on(clients[39]) { try $0.readHead().status == 200 ? $0.readChunk() : nil }
            #expect(chunk == Array("data: last\n\n".utf8))
        }
    }

    @Test("A client that went away stops the stream at the next piece written to it")
    func goneClientEndsStream() async throws {
        let streams = Streams()
        try await withServer(responder: streams) { server in
            do {
                let client = try RawClient(port: server.port)
                try client.sendRequest("GET", "/stream")
                _ = try await on(client) { try $0.readHead() }
            }  // closed here
            #expect(await eventually { streams.opened == 1 })
            // Suspended, the connection does not see the close; a write does.
            #expect(
                await eventually {
                    streams.yield(": ping\n\n", to: 0)
                    return streams.terminated == 1
                }
            )
        }
    }

    @Test("Shutdown ends open streams cleanly at once instead of waiting out the grace period", .timeLimit(.minutes(1)))
    func shutdownEndsStreams() async throws {
        let streams = Streams()
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .seconds(600)
        let server = HTTPServer(configuration: configuration, responder: streams, logger: .quiet)
        try server.start()
        let clients = try openStreams(5, port: server.port)
        #expect(await eventually { streams.opened == 5 })
        for index in 0..<5 { streams.yield("data: before\n\n", to: index) }
        let transfer = UncheckedClients(clients)
        let firsts = try await onThread {
            try transfer.clients.map { client in try client.readHead().status == 200 ? client.readChunk() : nil }
        }
        #expect(firsts == Array(repeating: Array("data: before\n\n".utf8), count: 5))
        await server.shutdown()
        // Each body ended with its last chunk (a clean end: an event source reconnects).
        let ends = try await onThread { try transfer.clients.map { try $0.readChunk() } }
        #expect(ends == Array(repeating: nil, count: 5))
        #expect(streams.terminated == 5)
    }
}

/// Runs a blocking read of `client` on a helper thread.
private func on<T: Sendable>(
    _ client: RawClient,
    _ body: @escaping @Sendable (RawClient) throws -> T
) async throws -> T {
    let transfer = UncheckedClients([client])
    return try await onThread { try body(transfer.clients[0]) }
}

/// `count` clients, each asking `/stream` on its own connection.
private func openStreams(_ count: Int, port: Int) throws -> [RawClient] {
    try (0..<count).map { _ in
        let client = try RawClient(port: port)
        try client.sendRequest("GET", "/stream")
        return client
    }
}
