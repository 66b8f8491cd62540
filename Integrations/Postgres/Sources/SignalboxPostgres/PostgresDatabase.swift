public import Logging
public import PostgresNIO
import Synchronization

/// How Signalbox's stores talk to PostgreSQL: every statement counted, and every wait bounded, so
/// that no request hangs while the database is down, restarting or unreachable.
///
/// - Waiting for a connection ends after ``connectionWait``: while PostgreSQL is away,
///   `PostgresClient` queues requests until its circuit breaker trips (a minute).
/// - A statement ends after ``statementWait``, or as soon as its connection closes: postgres-nio
///   1.33 never answers a statement written to a connection that closed a moment before, so each
///   statement watches its connection. A connection whose statement was abandoned is closed
///   before it goes back to the pool.
///
/// ```swift
/// let database = PostgresDatabase(client: client, store: "data", logger: logger)
/// let rows = try await database.rows("SELECT title FROM todo WHERE username = \(name)")
/// ```
public struct PostgresDatabase: Sendable {
    /// The client (the caller runs it).
    public let client: PostgresClient
    /// The longest wait for a connection (default 2 seconds).
    public let connectionWait: Duration
    /// The longest wait for one statement, a lock wait included (default 5 seconds).
    public let statementWait: Duration
    /// Statements and failures so far (also the `signalbox_database_round_trips_total` and
    /// `signalbox_database_errors_total` metrics, labelled with the store's name).
    public let counters: DatabaseCounters
    let logger: Logger

    /// A database on `client` for the store named `store` (a metrics label: "sessions", "data").
    public init(
        client: PostgresClient,
        store: String,
        connectionWait: Duration = .seconds(2),
        statementWait: Duration = .seconds(5),
        logger: Logger
    ) {
        self.client = client
        self.connectionWait = connectionWait
        self.statementWait = statementWait
        self.counters = DatabaseCounters(store: store)
        self.logger = logger
    }

    /// No connection within ``connectionWait``, or no answer within ``statementWait``.
    public struct Timeout: Error, CustomStringConvertible {
        public var waitedFor: String
        public var limit: Duration
        public var description: String { "no \(self.waitedFor) within \(self.limit)" }
    }

    /// The connection closed before the statement was answered (the server restarted, say).
    public struct ConnectionLost: Error, CustomStringConvertible {
        public var description: String { "the database connection closed" }
    }

    /// Runs one statement on a pooled connection and returns its rows.
    public func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await self.withConnection { connection in try await self.rows(query, on: connection) }
    }

    /// Runs one statement on `connection` (leased with ``withConnection(_:)``) and returns its rows.
    public func rows(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [PostgresRow] {
        self.counters.roundTrip()
        do {
            return try await self.answer(query, on: connection)
        } catch {
            self.counters.failure()
            throw error
        }
    }

    /// Runs `body` on a connection leased from the pool (held until `body` returns), waiting at
    /// most ``connectionWait`` for it.
    public func withConnection<Result>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        let (events, continuation) = AsyncStream<LeaseEvent>.makeStream()
        let release = Gate()
        let client = self.client
        let limit = self.connectionWait
        return try await withThrowingTaskGroup(of: Void.self) { group in
            // Whatever happens below, the lease ends and the task group can finish.
            defer {
                release.open()
                group.cancelAll()
            }
            group.addTask {
                do {
                    try await client.withConnection { connection in
                        continuation.yield(.leased(connection))
                        await release.wait()
                    }
                } catch {
                    continuation.yield(.failed(error))
                }
            }
            let timer = PostgresClient.defaultEventLoopGroup.any().scheduleTask(
                in: .nanoseconds(Self.nanoseconds(limit))
            ) { continuation.yield(.expired) }
            defer { timer.cancel() }
            var iterator = events.makeAsyncIterator()
            switch await iterator.next() {
            case .leased(let connection):
                return try await body(connection)
            case .failed(let error):
                self.counters.failure()
                throw error
            case .expired, nil:
                self.counters.failure()
                throw Timeout(waitedFor: "database connection", limit: limit)
            }
        }
    }

    /// The logger postgres-nio gets: silent, since its trace lines carry the rows (password hashes,
    /// session tokens). The stores log what failed themselves, without values.
    public static let driverLogger = Logger(label: "signalbox-postgres-driver") { _ in SwiftLogNoOpLogHandler() }

    private enum LeaseEvent: Sendable {
        case leased(PostgresConnection)
        case failed(any Error)
        case expired
    }

    /// Waits for the statement's rows, but not past ``statementWait`` nor past its connection's
    /// closing: the answer comes from the driver's future or from a timer on the connection's
    /// event loop, whichever is first (no task per statement). A statement abandoned at the time
    /// limit has its connection closed.
    private func answer(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [PostgresRow] {
        // A statement written to a closed connection is never answered: do not write it.
        if connection.isClosed { throw ConnectionLost() }
        let limit = self.statementWait
        let outcome = Outcome<[PostgresRow]>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.wait(continuation)
            let timer = connection.eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(limit))) {
                let error: any Error =
                    connection.isClosed
                    ? ConnectionLost() : Timeout(waitedFor: "answer from the database", limit: limit)
                if outcome.finish(.failure(error)) { connection.close().whenComplete { _ in } }
            }
            connection.query(query, logger: Self.driverLogger).whenComplete { result in
                timer.cancel()
                outcome.finish(result.map(\.rows))
            }
            // The connection closing ends the wait too (the timer is only the last resort).
            if connection.isClosed { outcome.finish(.failure(ConnectionLost())) }
        }
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// The first result wins; later ones are dropped.
private final class Outcome<T: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, result: Result<T, any Error>?)>(
        (nil, nil)
    )

    var isFinished: Bool { self.state.withLock { $0.result != nil } }

    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let ready = self.state.withLock { state -> Result<T, any Error>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    /// Records `result` if it is the first; returns whether it was.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let (first, waiting) = self.state.withLock { state -> (Bool, CheckedContinuation<T, any Error>?) in
            guard state.result == nil else { return (false, nil) }
            state.result = result
            defer { state.continuation = nil }
            return (true, state.continuation)
        }
        waiting?.resume(with: result)
        return first
    }
}

/// Tasks wait here until it opens.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resume = self.state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resume { continuation.resume() }
        }
    }

    func open() {
        let waiters = self.state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
