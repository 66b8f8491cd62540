import SignalboxSQLite
public import SignalboxWeb
public import TodoApp
import TodoStorage

/// Where a running demo keeps its data and sessions, and how it tells whether they answer.
public struct TodoDemoBackend: Sendable {
    /// The demo's data.
    public var store: any TodoStore
    /// Where sessions live; `nil` for the web layer's memory store.
    public var sessions: (any SessionStore)?
    /// Throws when the instance should not get traffic (`/readyz`); `nil` means always ready.
    public var readiness: (@Sendable () async throws -> Void)?
    /// Refreshes gauges before metrics are read (`/metrics`), such as the sessions held.
    public var refreshMetrics: (@Sendable () async -> Void)?
    /// Where requests go on once they first suspend (the server's `taskExecutor`): the database
    /// client's event loops for PostgreSQL; `nil` for the global concurrent executor.
    public var taskExecutor: (any TaskExecutor)?
    /// Carries live-page announcements to the other instances (PostgreSQL `NOTIFY`); `nil` for one.
    public var liveRelay: (any LiveRelay)?

    public init(
        store: any TodoStore,
        sessions: (any SessionStore)?,
        readiness: (@Sendable () async throws -> Void)? = nil,
        refreshMetrics: (@Sendable () async -> Void)? = nil,
        taskExecutor: (any TaskExecutor)? = nil,
        liveRelay: (any LiveRelay)? = nil
    ) {
        self.store = store
        self.sessions = sessions
        self.readiness = readiness
        self.refreshMetrics = refreshMetrics
        self.taskExecutor = taskExecutor
        self.liveRelay = liveRelay
    }

    /// The demo on one machine: SQLite files (`--database`, `--sessions`) or memory (`--in-memory`).
    public static func local(_ options: TodoDemoOptions, logger: Logger) async throws -> TodoDemoBackend {
        let store: any TodoStore
        if options.inMemory {
            store = InMemoryTodoStore.demo()
            logger.info("data in memory only (--in-memory): it does not survive a restart")
        } else {
            let data = try SQLiteTodoStore(path: options.database, logger: logger)
            if try await data.seedDemoIfEmpty() { logger.info("new data file with the demo's data") }
            store = data
            logger.info("data in SQLite", metadata: ["data": "\(options.database)"])
        }
        guard let sessionsFile = options.sessionsFile else {
            logger.info("sessions in memory only (--in-memory): they do not survive a restart")
            return TodoDemoBackend(store: store, sessions: nil)
        }
        let web = options.webConfiguration
        let sessions = try SQLiteSessionStore(
            path: sessionsFile,
            configuration: .init(
                idleTimeout: web.idleTimeout,
                absoluteTimeout: web.absoluteTimeout,
                maxSessions: web.maxSessions,
                hotSessions: options.hotSessions
            ),
            logger: logger
        )
        logger.info("sessions in SQLite", metadata: ["sessions": "\(sessionsFile)"])
        return TodoDemoBackend(store: store, sessions: sessions)
    }
}
