import PostgresNIO
import PostgresTestSupport
import SignalboxTesting
import SignalboxWeb
import TodoApp

@testable import SignalboxPostgres

/// One instance of the demo on a PostgreSQL session store: its own client, store and web app;
/// the demo's data in memory, shared by every instance of a test (it stands for the app's
/// database, which the TodoPostgres tests cover).
struct Instance {
    let sessions: PostgresSessionStore
    let app: WebApp
    let client: PostgresClient

    init(
        client: PostgresClient,
        data: InMemoryTodoStore,
        clock: ManualSessionClock,
        configuration: PostgresSessionStore.Configuration = .init(),
        logger: Logger = quietLogger
    ) async throws {
        self.client = client
        self.sessions = PostgresSessionStore(client: client, configuration: configuration, logger: logger)
        try await self.sessions.migrate()
        let renderer = try MustacheRenderer(directory: templatesFolder)
        self.app = WebApp(renderer: renderer, sessions: self.sessions, clock: clock, logger: logger) {
            TodoWebApp.makeTree(store: data)
        }
    }

    /// The stored row of `id` (read without the store).
    func row(_ id: SessionID?) async throws -> (version: Int64, lastSeenAt: Int64, snapshot: String)? {
        guard let id else { return nil }
        let rows = try await self.client.query(
            "SELECT version, last_seen_at, snapshot FROM signalbox_session WHERE id = \(id.rawValue)"
        )
        for try await row in rows.decode((Int64, Int64, String).self) { return row }
        return nil
    }
}

/// Runs `body` with `count` running clients of one fresh database (one per instance).
func withClients<Result: Sendable>(
    _ count: Int,
    _ body: (TestDatabase, [PostgresClient]) async throws -> Result
) async throws -> Result {
    try await TestDatabase.with { database in
        func nest(_ clients: [PostgresClient]) async throws -> Result {
            if clients.count == count { return try await body(database, clients) }
            return try await database.withClient { client in try await nest(clients + [client]) }
        }
        return try await nest([])
    }
}

/// A browser whose requests go to the instances in turn, like a round-robin load balancer.
final class RoundRobinBrowser {
    let clients: [TestClient]
    private var next = 0

    init(_ instances: [Instance]) {
        self.clients = instances.map { TestClient($0.app) }
    }

    var cookies: [String: String] {
        get { self.clients[0].cookies }
        set { for client in self.clients { client.cookies = newValue } }
    }

    var sessionID: SessionID? { self.clients[0].sessionID }

    /// The client for the next request, holding the jar and token the last one left.
    private func take() -> TestClient {
        let previous = self.clients[(self.next + self.clients.count - 1) % self.clients.count]
        let client = self.clients[self.next % self.clients.count]
        client.cookies = previous.cookies
        client.csrf = previous.csrf
        self.next += 1
        return client
    }

    @discardableResult
    func get(_ path: String) async throws -> TestResponse {
        try await self.take().get(path)
    }

    @discardableResult
    func post(_ path: String, _ form: KeyValuePairs<String, String> = [:]) async throws -> TestResponse {
        try await self.take().post(path, form)
    }

    @discardableResult
    func logInAsAlice() async throws -> TestResponse {
        try await self.get("/unauthenticated")
        let posted = try await self.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        return try await self.get(posted.location ?? "/")
    }
}

/// Logs only what is critical: the tests' default.
let quietLogger: Logger = {
    var logger = Logger(label: "postgres-tests")
    logger.logLevel = .critical
    return logger
}()

let templatesFolder: String = String(#filePath).replacing(
    "Integrations/Tests/SignalboxPostgresTests/Support.swift",
    with: "Templates"
)
