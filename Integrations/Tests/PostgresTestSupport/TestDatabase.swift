import Logging
public import PostgresNIO
import SignalboxPostgres

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A database of its own for one test, on the server `SIGNALBOX_TEST_POSTGRES_URL` names
/// (`postgres://USER@HOST:PORT/DATABASE`, a user allowed to create databases). `make test` starts a
/// throwaway cluster and sets it (`scripts/with-postgres.sh`).
///
/// ```swift
/// try await TestDatabase.with { database in
///     try await database.withClient { client in … }
/// }
/// ```
public struct TestDatabase: Sendable {
    /// The variable naming the server.
    public static let variable = "SIGNALBOX_TEST_POSTGRES_URL"

    /// The test's database: connect with this.
    public let configuration: PostgresClient.Configuration
    /// The database's name.
    public let name: String

    /// Creates a fresh database, runs `body` with it and drops it (also when `body` throws).
    public static func with<Result>(_ body: (TestDatabase) async throws -> Result) async throws -> Result {
        let server = try ServerURL.fromEnvironment()
        let name = "signalbox_test_" + (0..<12).map { _ in String(Int.random(in: 0..<36), radix: 36) }.joined()
        try await Self.withAdmin(server) { admin in
            try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        }
        let database = TestDatabase(
            configuration: server.configuration(database: name),
            name: name
        )
        do {
            let result = try await body(database)
            try await Self.drop(name, server)
            return result
        } catch {
            try? await Self.drop(name, server)
            throw error
        }
    }

    /// Runs `body` with a running client of this database, stopped afterwards.
    public func withClient<Result: Sendable>(
        maximumConnections: Int = 8,
        _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        var configuration = self.configuration
        configuration.options.maximumConnections = maximumConnections
        return try await Self.withClient(configuration, body)
    }

    /// Runs `body` while the database refuses connections and every open one is closed: an outage
    /// as its clients see it (the server itself stays up for the other tests).
    public func outage<Result>(_ body: () async throws -> Result) async throws -> Result {
        let server = try ServerURL.fromEnvironment()
        try await Self.withAdmin(server) { admin in
            try await admin.query(PostgresQuery(unsafeSQL: "ALTER DATABASE \(self.name) ALLOW_CONNECTIONS false"))
            try await admin.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = \(self.name)"
            )
        }
        let result: Swift.Result<Result, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        try await Self.withAdmin(server) { admin in
            try await admin.query(PostgresQuery(unsafeSQL: "ALTER DATABASE \(self.name) ALLOW_CONNECTIONS true"))
        }
        return try result.get()
    }

    /// Closes every open connection to this database from the server's side (what clients see
    /// when the server restarts), without refusing new ones.
    public func dropConnections() async throws {
        let server = try ServerURL.fromEnvironment()
        try await Self.withAdmin(server) { admin in
            try await admin.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = \(self.name)"
            )
        }
    }

    /// How many of this database's connections wait for a lock now.
    public func lockWaiters() async throws -> Int {
        let server = try ServerURL.fromEnvironment()
        return try await Self.withAdmin(server) { admin in
            let rows = try await admin.query(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = \(self.name) AND wait_event_type = 'Lock'"
            )
            for try await count in rows.decode(Int64.self) { return Int(count) }
            return 0
        }
    }

    static func withClient<Result: Sendable>(
        _ configuration: PostgresClient.Configuration,
        _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let client = PostgresClient(configuration: configuration)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    @discardableResult
    private static func withAdmin<Result: Sendable>(
        _ server: ServerURL,
        _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        var configuration = server.configuration(database: server.database)
        configuration.options.maximumConnections = 1
        return try await Self.withClient(configuration, body)
    }

    private static func drop(_ name: String, _ server: ServerURL) async throws {
        try await Self.withAdmin(server) { admin in
            try await admin.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        }
    }
}

/// The server the test scripts name: `postgres://USER[:PASSWORD]@HOST:PORT/DATABASE`.
struct ServerURL {
    /// A connection to the URL's own database (the one to create test databases from).
    var admin: PostgresClient.Configuration
    var database: String { self.admin.database ?? "postgres" }

    static func fromEnvironment() throws -> ServerURL {
        guard let text = ProcessInfo.processInfo.environment[TestDatabase.variable], !text.isEmpty else {
            throw MissingServer()
        }
        do {
            return ServerURL(admin: try PostgresClient.Configuration(url: text))
        } catch {
            throw MissingServer(given: error.description)
        }
    }

    func configuration(database: String) -> PostgresClient.Configuration {
        var configuration = self.admin
        configuration.database = database
        return configuration
    }
}

/// The tests need a server: run them through `make test` or `scripts/with-postgres.sh`.
struct MissingServer: Error, CustomStringConvertible {
    var given: String?

    var description: String {
        if let given { return "\(TestDatabase.variable): \(given)" }
        return """
            \(TestDatabase.variable) is not set: run these tests through `make postgres-tests` (or \
            Integrations/Postgres/scripts/with-postgres.sh swift test), which starts a throwaway PostgreSQL.
            """
    }
}
