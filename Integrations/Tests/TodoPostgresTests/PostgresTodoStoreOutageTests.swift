import PostgresNIO
import PostgresTestSupport
import SignalboxTesting
import Testing
import TodoApp

@testable import TodoPostgres

/// A database that is gone or refuses statements: reads are unreadable, writes unavailable
/// (both 503 through the web layer), the cause is logged, and nothing crashes.
@Suite struct PostgresTodoStoreOutageTests {
    @Test func anUnreachableDatabaseIsUnreadableForReadsAndUnavailableForWrites() async throws {
        // Nothing listens on port 1: every connection attempt is refused, and postgres-nio's pool
        // would queue the requests for a minute; the store gives up after its connection wait.
        var configuration = PostgresClient.Configuration(
            host: "127.0.0.1",
            port: 1,
            username: "postgres",
            password: nil,
            database: "postgres",
            tls: .disable
        )
        configuration.options.connectTimeout = .milliseconds(500)
        let client = PostgresClient(configuration: configuration)
        let log = LogRecorder()
        let store = makeStore(client, wait: .milliseconds(300), log: log)
        let ann = User(username: "ann")
        let todo = Todo(id: 1, title: "Lost?")
        let started = ContinuousClock.now
        try await running(client) {
            await #expect(throws: TodoStoreError.unreadable) { try await store.todos(of: ann) }
            await #expect(throws: TodoStoreError.unreadable) { try await store.todo(id: 1, of: ann) }
            await #expect(throws: TodoStoreError.unreadable) { try await store.projects(of: ann) }
            await #expect(throws: TodoStoreError.unreadable) { try await store.project(id: 1, of: ann) }
            await #expect(throws: TodoStoreError.unreadable) { try await store.settings(of: ann) }
            await #expect(throws: TodoStoreError.unreadable) { try await store.isRegistered(username: "ann") }
            await #expect(throws: TodoStoreError.unreadable) {
                try await store.authenticate(username: "ann", password: "password1")
            }
            await #expect(throws: TodoStoreError.unavailable) { try await store.addTodo(title: "Lost?", for: ann) }
            await #expect(throws: TodoStoreError.unavailable) { try await store.updateTodo(todo, for: ann) }
            await #expect(throws: TodoStoreError.unavailable) { try await store.deleteTodo(id: 1, of: ann) }
            await #expect(throws: TodoStoreError.unavailable) { try await store.addProject(name: "Lost?", for: ann) }
            await #expect(throws: TodoStoreError.unavailable) {
                try await store.updateProject(Project(id: 1, name: "Lost?"), for: ann)
            }
            await #expect(throws: TodoStoreError.unavailable) {
                try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: ann)
            }
            await #expect(throws: TodoStoreError.unavailable) {
                try await store.register(username: "ann", password: "password1")
            }
            // The slow-down cannot be read: logins may be tried (and then fail as unreadable).
            await store.recordLogin(of: "ann", from: "203.0.113.5", succeeded: false)
            #expect(await store.loginGate(for: "ann", from: "203.0.113.5") == .open)
        }
        #expect(started.duration(to: .now) < .seconds(30))  // 16 waits of 0.3 s, not 16 minutes
        let failures = log.entries.filter { $0.level == .error }
        #expect(failures.contains { $0.message == "read failed" && $0.line.contains("no database connection within") })
        #expect(failures.contains { $0.message == "write failed" && $0.line.contains("addTodo") })
        #expect(failures.contains { $0.message == "login throttle unreadable" })
        #expect(failures.contains { $0.message == "login attempt not recorded" })
    }

    @Test func statementsTheDatabaseRefusesAreUnreadableOrUnavailableUntilItAcceptsThemAgain() async throws {
        let log = LogRecorder()
        try await withStore(log: log) { store, client in
            let ann = try await store.register(username: "ann", password: "password1")
            let kept = try await store.addTodo(title: "Kept", for: ann)
            // Tables the statements cannot find (as a botched migration or a restore would leave).
            try await execute("ALTER TABLE todo RENAME TO todo_gone", on: client)
            try await execute("ALTER TABLE project RENAME TO project_gone", on: client)
            try await execute("ALTER TABLE users RENAME TO users_gone", on: client)
            await #expect(throws: TodoStoreError.unreadable) { try await store.todos(of: ann) }
            await #expect(throws: TodoStoreError.unreadable) { try await store.todo(id: kept.id, of: ann) }
            await #expect(throws: TodoStoreError.unreadable) { try await store.projects(of: ann) }
            await #expect(throws: TodoStoreError.unreadable) {
                try await store.authenticate(username: "ann", password: "password1")
            }
            await #expect(throws: TodoStoreError.unavailable) { try await store.addTodo(title: "Lost?", for: ann) }
            await #expect(throws: TodoStoreError.unavailable) { try await store.deleteTodo(id: kept.id, of: ann) }
            await #expect(throws: TodoStoreError.unavailable) {
                try await store.register(username: "ben", password: "password1")
            }
            try await execute("ALTER TABLE todo_gone RENAME TO todo", on: client)
            try await execute("ALTER TABLE project_gone RENAME TO project", on: client)
            try await execute("ALTER TABLE users_gone RENAME TO users", on: client)
            #expect(try await store.todos(of: ann) == [kept])
            #expect(try await store.isRegistered(username: "ben") == false)
        }
        let failures = log.entries.filter { $0.level == .error }
        #expect(failures.contains { $0.message == "read failed" && $0.line.contains("42P01") })  // undefined table
        #expect(failures.contains { $0.message == "write failed" && $0.line.contains("register") })
        // The log names the cause, never a statement's parameters (a password hash is one).
        #expect(!failures.contains { $0.line.contains("scrypt") })
    }

    @Test func connectionsTheServerEndsAreReplacedWithoutRestartingTheStore() async throws {
        try await TestDatabase.with { database in
            try await database.withClient { client in
                // Short waits: postgres-nio may never answer a query given to a connection the
                // server has closed; the store gives up on it.
                let store = makeStore(client, wait: .seconds(1))
                try await store.migrate()
                let ann = try await store.register(username: "ann", password: "password1")
                let kept = try await store.addTodo(title: "Kept", for: ann)
                _ = try await (store.todos(of: ann), store.projects(of: ann), store.settings(of: ann))
                // The server ends every connection to the database, as a restart does.
                try await database.withClient(maximumConnections: 1) { admin in
                    try await execute(
                        """
                        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE datname = current_database() AND pid <> pg_backend_pid()
                        """,
                        on: admin
                    )
                }
                // The pool hands out its dead connections first (each fails one operation:
                // unreadable, never a crash) and reconnects in the background; poll until it
                // serves again, for at most 30 s (a readiness wait, not a timing assertion: how
                // fast the pool reconnects depends on the machine).
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(30)
                var todos: [Todo]?
                while todos == nil, clock.now < deadline {
                    do {
                        todos = try await store.todos(of: ann)
                    } catch {
                        #expect(error as? TodoStoreError == .unreadable)
                        try await Task.sleep(for: .milliseconds(50))
                    }
                }
                #expect(todos == [kept])
                var added: Todo?
                while added == nil, clock.now < deadline {
                    added = try? await store.addTodo(title: "After", for: ann)
                }
                #expect(added?.title == "After")
            }
        }
    }
}
