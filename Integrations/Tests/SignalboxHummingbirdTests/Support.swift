import ArgumentParser
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SignalboxTesting
import SignalboxWeb
import TodoApp
import TodoDemoServer
import TodoHummingbirdService

/// SignalboxTesting's browser (HummingbirdTesting has a `TestClient` too).
typealias Browser = SignalboxTesting.TestClient

/// The example service in-process, on Hummingbird's own test client (no sockets): the todo
/// demo (in memory) mounted at `/todo` next to `/api/health` and `/api/stats`.
struct ExampleService {
    let site: TodoDemoSite
    let application: Application<RouterResponder<BasicRequestContext>>

    /// - Parameter logger: The service's logger (Hummingbird derives each request's from it).
    init(
        arguments: [String] = [],
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    )
        async throws
    {
        let options = try TodoDemoOptions.parse(["--in-memory"] + arguments)
        let backend = try await TodoDemoBackend.local(options, logger: logger)
        self.site = try TodoDemoSite(options, backend: backend, logger: logger)
        self.application = Application(router: TodoService.router(site: self.site), logger: logger)
    }

    /// Runs `body` with a Signalbox test browser whose requests go through Hummingbird's router
    /// test client, and that client itself (for raw requests).
    @discardableResult
    func test<Value: Sendable>(
        _ body: @Sendable (Browser, any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        try await self.application.test(.router) { client in
            try await body(Browser(.inProcess(HummingbirdTransport(client: client))), client)
        }
    }
}

/// Sends SignalboxTesting's requests through a Hummingbird test client.
struct HummingbirdTransport: Responder {
    let client: any TestClientProtocol

    func respond(to request: SignalboxHTTP.Request) async throws -> SignalboxHTTP.Response {
        let response = try await self.client.executeRequest(
            uri: request.head.path ?? "/",
            method: request.method,
            headers: request.headerFields,
            body: request.body.isEmpty ? nil : ByteBuffer(bytes: request.body)
        )
        return SignalboxHTTP.Response(head: response.head, body: Array(buffer: response.body))
    }
}

extension Browser {
    /// Logs alice in at `/todo` and returns the page she lands on.
    @discardableResult
    func logIn() async throws -> SignalboxTesting.TestResponse {
        try await self.get("/todo/unauthenticated")
        return try await self.follow(
            try await self.post("/todo/unauthenticated", ["username": "alice", "password": "wonderland"])
        )
    }
}
