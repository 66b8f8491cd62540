import PostgresNIO
import Synchronization

/// Bounds how long a request waits for the database to give it a connection.
///
/// While PostgreSQL is down or restarting, `PostgresClient` queues requests for a connection
/// until its circuit breaker trips (a minute). A request should instead answer 503 promptly and
/// let the client retry; so every wait for a connection ends after ``limit`` with
/// ``DatabaseDeadline/Expired``, and the queued request is cancelled.
struct DatabaseDeadline: Sendable {
    /// The longest wait for a connection.
    let limit: Duration

    /// The database did not provide a connection in time.
    struct Expired: Error, CustomStringConvertible {
        var limit: Duration
        var description: String { "no database connection within \(self.limit)" }
    }

    /// Runs one statement on a pooled connection and collects its rows.
    func rows(_ query: PostgresQuery, client: PostgresClient, logger: Logger) async throws -> [PostgresRow] {
        try await withThrowingTaskGroup(of: [PostgresRow]?.self) { group in
            group.addTask { try await client.query(query, logger: logger).collect() }
            group.addTask {
                try await Task.sleep(for: self.limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let rows = first else { throw Expired(limit: self.limit) }
            return rows
        }
    }

    /// Runs `body` on a connection leased from `client` (held until `body` returns), waiting at
    /// most ``limit`` for it.
    func withConnection<Result>(
        _ client: PostgresClient,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let (events, continuation) = AsyncStream<LeaseEvent>.makeStream()
        let release = Release()
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
            group.addTask {
                try? await Task.sleep(for: self.limit)
                continuation.yield(.expired)
            }
            var iterator = events.makeAsyncIterator()
            switch await iterator.next() {
            case .leased(let connection):
                return try await body(connection)
            case .failed(let error):
                throw error
            case .expired, nil:
                throw Expired(limit: self.limit)
            }
        }
    }

    private enum LeaseEvent: Sendable {
        case leased(PostgresConnection)
        case failed(any Error)
        case expired
    }

    /// Holds a lease open until the borrower is done.
    private final class Release: Sendable {
        private let state = Mutex<(open: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

        func wait() async {
            await withCheckedContinuation { continuation in
                let resume = self.state.withLock { state in
                    if state.open { return true }
                    state.waiter = continuation
                    return false
                }
                if resume { continuation.resume() }
            }
        }

        func open() {
            let waiter = self.state.withLock { state in
                state.open = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
