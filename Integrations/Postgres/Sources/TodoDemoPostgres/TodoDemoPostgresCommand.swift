import ArgumentParser
import PostgresNIO
import SignalboxPostgres
import SignalboxWeb
import TodoDemoServer
import TodoPostgres

/// `todo-demo-postgres`: the todo demo with its data and sessions in PostgreSQL, so that several
/// instances behind a load balancer serve any request of any session (no sticky sessions).
/// Without `--postgres` it is `todo-demo`.
@main
struct TodoDemoPostgresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-demo-postgres",
        abstract: "Serves the Signalbox todo demo on PostgreSQL (log in as alice / wonderland).",
        discussion: """
            Prints one line, "Listening on http://HOST:PORT", once the server accepts connections; \
            logs go to standard error. SIGINT or SIGTERM stops it gracefully. /healthz, /readyz (the \
            database answers) and /metrics (Prometheus) answer operations. `make cluster` runs several \
            instances behind nginx.
            """
    )

    @OptionGroup var options: TodoDemoOptions

    @Option(
        help: """
            The PostgreSQL database for data and sessions: \
            postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require].
            """
    )
    var postgres: String?

    @Option(help: "Connections per pool (one for sessions, one for data) to PostgreSQL.")
    var postgresConnections = 8

    func validate() throws {
        guard self.postgresConnections >= 1 else {
            throw ValidationError("--postgres-connections must be at least 1.")
        }
        if let postgres = self.postgres {
            do {
                _ = try PostgresClient.Configuration(url: postgres)
            } catch {
                throw ValidationError("--postgres: \(error.problem).")
            }
        }
    }

    func run() async throws {
        guard let url = self.postgres else {
            try await TodoDemoServer.run(self.options) { logger in
                try await TodoDemoBackend.local(self.options, logger: logger)
            }
            return
        }
        var configuration = try PostgresClient.Configuration(url: url)
        configuration.options.maximumConnections = self.postgresConnections
        // Sessions get a client of their own: a POST holds one of its connections while its
        // handlers query the data.
        let sessionsClient = PostgresClient(configuration: configuration)
        let dataClient = PostgresClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await sessionsClient.run() }
            group.addTask { await dataClient.run() }
            defer { group.cancelAll() }
            try await TodoDemoServer.run(self.options) { logger in
                let relay = PostgresLiveRelay(client: sessionsClient, logger: logger)
                group.addTask { await relay.run() }
                return try await Self.backend(
                    self.options,
                    sessions: sessionsClient,
                    data: dataClient,
                    relay: relay,
                    logger: logger
                )
            }
        }
    }

    static func backend(
        _ options: TodoDemoOptions,
        sessions sessionsClient: PostgresClient,
        data dataClient: PostgresClient,
        relay: PostgresLiveRelay,
        logger: Logger
    ) async throws -> TodoDemoBackend {
        let web = options.webConfiguration
        let configuration = PostgresSessionStore.Configuration(
            idleTimeout: web.idleTimeout,
            absoluteTimeout: web.absoluteTimeout,
            maxSessions: web.maxSessions,
            liveTrees: options.hotSessions
        )
        // Sessions get a client of their own: a POST holds one of its connections while its handlers query the data.
        let sessions = PostgresSessionStore(client: sessionsClient, configuration: configuration, logger: logger)
        try await sessions.migrate()
        let store = PostgresTodoStore(client: dataClient, logger: logger)
        try await store.migrate()
        if try await store.seedDemoIfEmpty() { logger.info("new database with the demo's data") }
        logger.info("data and sessions in PostgreSQL")
        return TodoDemoBackend(
            store: store,
            sessions: sessions,
            readiness: { try await sessions.checkReadiness() },
            refreshMetrics: { await sessions.refreshGauges() },
            // Both clients run on the default group: a request goes on where its answer arrived.
            taskExecutor: EventLoopTaskExecutor(group: PostgresClient.defaultEventLoopGroup),
            // A change through one instance reaches the live pages of every other.
            liveRelay: relay
        )
    }
}
