import Logging
import PostgresNIO
import PostgresTestSupport
import SignalboxTesting
import TodoStorage

@testable import TodoPostgres

/// A migrated store on a fresh database of its own (fast hashing, the given clock), with the
/// client it runs on; the database is dropped afterwards.
func withStore<Result: Sendable>(
    clock: ManualSessionClock = ManualSessionClock(),
    log: LogRecorder = LogRecorder(),
    _ body: (PostgresTodoStore, PostgresClient) async throws -> Result
) async throws -> Result {
    try await TestDatabase.with { database in
        try await database.withClient { client in
            let store = makeStore(client, clock: clock, log: log)
            try await store.migrate()
            return try await body(store, client)
        }
    }
}

/// Two instances of the app on one fresh database: each store on a client (a pool) of its own.
func withTwoInstances<Result: Sendable>(
    clock: ManualSessionClock = ManualSessionClock(),
    migrated: Bool = true,
    _ body: (PostgresTodoStore, PostgresTodoStore) async throws -> Result
) async throws -> Result {
    try await TestDatabase.with { database in
        try await database.withClient { first in
            try await database.withClient { second in
                let one = makeStore(first, clock: clock)
                let other = makeStore(second, clock: clock)
                if migrated { try await one.migrate() }
                return try await body(one, other)
            }
        }
    }
}

func makeStore(
    _ client: PostgresClient,
    clock: ManualSessionClock = ManualSessionClock(),
    wait: Duration = .seconds(5),
    log: LogRecorder = LogRecorder()
) -> PostgresTodoStore {
    PostgresTodoStore(
        client: client,
        hasher: .forTests,
        clock: clock,
        connectionWait: wait,
        statementWait: wait,
        logger: log.logger(label: "todo-postgres-tests")
    )
}

/// Runs `body` with `client` running, then stops it.
func running<Result: Sendable>(_ client: PostgresClient, _ body: () async throws -> Result) async throws -> Result {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await client.run() }
        defer { group.cancelAll() }
        return try await body()
    }
}

/// The values of the first column of every row `sql` answers (test inspection only).
func strings(_ sql: String, on client: PostgresClient) async throws -> [String] {
    var values: [String] = []
    for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(String.self) {
        values.append(value)
    }
    return values
}

/// Runs one statement that answers nothing (test set-up only).
func execute(_ sql: String, on client: PostgresClient) async throws {
    try await client.query(PostgresQuery(unsafeSQL: sql))
}
