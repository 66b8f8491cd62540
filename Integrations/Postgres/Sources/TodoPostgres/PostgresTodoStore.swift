public import Logging
public import PostgresNIO
public import SignalboxPostgres
public import SignalboxWeb
import Synchronization
public import TodoApp
public import TodoStorage

/// The demo's data in PostgreSQL, shared by every instance behind a load balancer: users
/// (passwords as salted scrypt hashes, never in plain text), their todos, projects and settings,
/// with named schema migrations, and the failed-login slow-down counted in the database, so that a
/// failure on one instance slows the next attempt on any other.
///
/// ```swift
/// let client = PostgresClient(configuration: configuration)
/// group.addTask { await client.run() }              // the caller runs the client
/// let store = PostgresTodoStore(client: client, logger: logger)
/// try await store.migrate()                         // safe when several instances start at once
/// try await store.seedDemoIfEmpty()                 // alice / wonderland with the demo's todos, once
/// ```
///
/// Every operation is one statement, so one round trip without `BEGIN`/`COMMIT` (a login is three:
/// the wait, the password, the outcome). Reads that fail (the database is unreachable or refuses
/// the statement) are logged and throw ``TodoStoreError/unreadable``; writes that fail are logged
/// and throw ``TodoStoreError/unavailable``; the web layer answers both with 503. Statements run
/// through a `PostgresDatabase`, which bounds every wait (for a connection, for an answer) and
/// counts round trips and failures under the metrics label `data`.
public final class PostgresTodoStore: TodoStore {
    /// Where the statements go: its `counters` tell the round trips and failures so far.
    public let database: SignalboxPostgres.PostgresDatabase
    let hasher: PasswordHasher
    let clock: any SessionClock
    let logger: Logger
    /// A hash no password matches, with the hasher's costs: verified for unknown usernames so
    /// that timing does not tell which names exist.
    let decoyHash: String
    /// The login throttle's policy (``LoginThrottle/Policy``), shared by every instance.
    let loginPolicy: LoginThrottle.Policy
    /// The policy's schedule per scope in milliseconds: element `n - 1` is the wait after `n`
    /// failures in a row (0 for none); the last element holds for every count after it.
    let loginWaits: [LoginThrottle.Scope: [Int]]
    /// Failed logins this instance recorded: every hundredth also forgets old ones.
    let failedLoginsRecorded = Atomic<Int>(0)

    /// A store on `client`, which the caller runs (`client.run()` in a task) for as long as the
    /// store is used. Call ``migrate()`` once before the first operation.
    ///
    /// - Parameters:
    ///   - hasher: How passwords are hashed (``PasswordHasher/forTests`` in tests).
    ///   - clock: The time of the login throttle's records (a `ManualSessionClock` in tests).
    ///   - loginPolicy: The login throttle's free attempts and waits.
    ///   - connectionWait: The longest wait for a connection (while the database is away).
    ///   - statementWait: The longest wait for a statement's answer.
    ///   - logger: Where failed operations are reported, with the database's reason.
    public convenience init(
        client: PostgresClient,
        hasher: PasswordHasher = PasswordHasher(),
        clock: any SessionClock = .system,
        loginPolicy: LoginThrottle.Policy = LoginThrottle.Policy(),
        connectionWait: Duration = .seconds(2),
        statementWait: Duration = .seconds(5),
        logger: Logger
    ) {
        let database = SignalboxPostgres.PostgresDatabase(
            client: client,
            store: "data",
            connectionWait: connectionWait,
            statementWait: statementWait,
            logger: logger
        )
        self.init(database: database, hasher: hasher, clock: clock, loginPolicy: loginPolicy, logger: logger)
    }

    /// A store whose statements go through `database` (whose client the caller runs).
    public init(
        database: SignalboxPostgres.PostgresDatabase,
        hasher: PasswordHasher = PasswordHasher(),
        clock: any SessionClock = .system,
        loginPolicy: LoginThrottle.Policy = LoginThrottle.Policy(),
        logger: Logger
    ) {
        self.database = database
        self.hasher = hasher
        self.clock = clock
        self.logger = logger
        let zeros = { (count: Int) in String(repeating: "0", count: count) }
        self.decoyHash = "scrypt$\(hasher.rounds)$\(hasher.blockSize)$\(hasher.parallelism)$\(zeros(32))$\(zeros(64))"
        self.loginPolicy = loginPolicy
        // Past `free + 20` failures each schedule is at its longest wait.
        var waits: [LoginThrottle.Scope: [Int]] = [:]
        for scope in LoginThrottle.Scope.allCases {
            waits[scope] = (1...loginPolicy.freeAttempts(in: scope) + 21).map { failures in
                loginPolicy.wait(afterFailures: failures, in: scope).map(Self.milliseconds) ?? 0
            }
        }
        self.loginWaits = waits
    }

    // MARK: Users

    public func authenticate(username: String, password: String) async throws(TodoStoreError) -> User? {
        let name = username.lowercased()
        var hash: String?
        if Self.isStorable(name) {
            hash = try await self.read("SELECT password_hash FROM users WHERE username = \(name)") { rows in
                try rows.first?.decode(String.self)
            }
        }
        guard let hash else {
            // Same work for an unknown name, so timing does not tell which names exist.
            _ = try await self.hasher.verifying(password, against: self.decoyHash)
            return nil
        }
        return try await self.hasher.verifying(password, against: hash) ? User(username: name) : nil
    }

    public func isRegistered(username: String) async throws(TodoStoreError) -> Bool {
        let name = username.lowercased()
        guard Self.isStorable(name) else { return false }
        return try await self.read("SELECT 1 FROM users WHERE username = \(name)") { rows in !rows.isEmpty }
    }

    public func register(username: String, password: String) async throws(TodoStoreError) -> User {
        let name = try Validation.registration(username: username, password: password)
        let hash = try await self.hasher.hashing(password)
        let inserted = try await self.write(
            """
            INSERT INTO users (username, password_hash) VALUES (\(name), \(hash))
            ON CONFLICT DO NOTHING RETURNING username
            """
        ) { rows in !rows.isEmpty }
        guard inserted else { throw .usernameTaken }
        return User(username: name)
    }

    // MARK: Todos

    public func todos(of user: User) async throws(TodoStoreError) -> [Todo] {
        try await self.userData(of: user).todos
    }

    public func todo(id: Int, of user: User) async throws(TodoStoreError) -> Todo? {
        try await self.userData(of: user).todos.first { $0.id == id }
    }

    public func addTodo(title: String, for user: User) async throws(TodoStoreError) -> Todo {
        let title = try Self.validTitle(title, noun: "title")
        let id = try await self.write(
            """
            INSERT INTO todo (username, title)
            SELECT \(user.username), \(title) WHERE EXISTS (SELECT 1 FROM users WHERE username = \(user.username))
                AND (SELECT count(*) FROM todo WHERE username = \(user.username)) < \(Validation.maxTodosPerUser)
            RETURNING id
            """
        ) { rows in try rows.first?.decode(Int.self) }
        guard let id else { throw try await self.refusal(for: user, quota: .tooManyTodos) }
        return Todo(id: id, title: title)
    }

    public func updateTodo(_ todo: Todo, for user: User) async throws(TodoStoreError) {
        let title = try Self.validTitle(todo.title, noun: "title")
        let note = try Validation.storableNote(todo.note)
        // One statement: the todo must be the user's, and so must the project it is filed in.
        let updated = try await self.write(
            """
            UPDATE todo SET title = \(title), done = \(todo.isDone), favorite = \(todo.isFavorite),
                project_id = \(todo.projectID), note = \(note)
            WHERE id = \(todo.id) AND username = \(user.username)
                AND (\(todo.projectID)::bigint IS NULL
                    OR EXISTS (SELECT 1 FROM project WHERE id = \(todo.projectID) AND username = \(user.username)))
            RETURNING id
            """
        ) { rows in !rows.isEmpty }
        guard updated else { throw .notFound }
    }

    public func deleteTodo(id: Int, of user: User) async throws(TodoStoreError) {
        let deleted = try await self.write(
            "DELETE FROM todo WHERE id = \(id) AND username = \(user.username) RETURNING id"
        ) { rows in !rows.isEmpty }
        guard deleted else { throw .notFound }
    }

    // MARK: Attachments

    public func attachments(ofTodo todoID: Int, of user: User) async throws(TodoStoreError) -> [Attachment] {
        try await self.read(
            """
            SELECT id, todo_id, filename, content_type, size FROM attachment
            WHERE todo_id = \(todoID) AND username = \(user.username) ORDER BY id
            """
        ) { rows in try rows.map(Self.attachment) }
    }

    public func attach(
        filename: String,
        contentType: String,
        bytes: [UInt8],
        toTodo todoID: Int,
        for user: User
    ) async throws(TodoStoreError) -> Attachment {
        let (name, type) = try Validation.storableAttachment(
            filename: filename,
            contentType: contentType,
            size: bytes.count
        )
        guard Self.isStorable(name) else { throw .invalid("A file name cannot contain a NUL character.") }
        let size = bytes.count
        // One statement: the todo must be the user's.
        let id = try await self.write(
            """
            INSERT INTO attachment (todo_id, username, filename, content_type, size, bytes)
            SELECT \(todoID), \(user.username), \(name), \(type), \(size), \(ByteBuffer(bytes: bytes))
            WHERE EXISTS (SELECT 1 FROM todo WHERE id = \(todoID) AND username = \(user.username))
            RETURNING id
            """
        ) { rows in try rows.first?.decode(Int.self) }
        guard let id else { throw .notFound }
        return Attachment(id: id, todoID: todoID, filename: name, contentType: type, size: size)
    }

    public func attachment(
        id: Int,
        of user: User
    ) async throws(TodoStoreError) -> (attachment: Attachment, bytes: [UInt8])? {
        try await self.read(
            """
            SELECT id, todo_id, filename, content_type, size, bytes FROM attachment
            WHERE id = \(id) AND username = \(user.username)
            """
        ) { rows in
            guard let row = rows.first else { return nil }
            let (id, todoID, filename, contentType, size, bytes) = try row.decode(
                (Int, Int, String, String, Int, ByteBuffer).self
            )
            let attachment = Attachment(
                id: id,
                todoID: todoID,
                filename: filename,
                contentType: contentType,
                size: size
            )
            return (attachment, Array(bytes.readableBytesView))
        }
    }

    // MARK: Projects

    public func projects(of user: User) async throws(TodoStoreError) -> [Project] {
        try await self.userData(of: user).projects
    }

    public func project(id: Int, of user: User) async throws(TodoStoreError) -> Project? {
        try await self.userData(of: user).projects.first { $0.id == id }
    }

    public func addProject(name: String, for user: User) async throws(TodoStoreError) -> Project {
        let name = try Self.validTitle(name, noun: "name")
        let id = try await self.write(
            """
            INSERT INTO project (username, name)
            SELECT \(user.username), \(name) WHERE EXISTS (SELECT 1 FROM users WHERE username = \(user.username))
                AND (SELECT count(*) FROM project WHERE username = \(user.username)) < \(Validation.maxProjectsPerUser)
            RETURNING id
            """
        ) { rows in try rows.first?.decode(Int.self) }
        guard let id else { throw try await self.refusal(for: user, quota: .tooManyProjects) }
        return Project(id: id, name: name)
    }

    /// Why an insert that requires the user and a count below a quota inserted nothing: the user
    /// is unknown, or `quota` (a second round trip, on that path only). Under concurrent creates
    /// on several instances the count may pass the quota by the creates in flight at once.
    private func refusal(for user: User, quota: TodoStoreError) async throws(TodoStoreError) -> TodoStoreError {
        try await self.isRegistered(username: user.username) ? quota : .unknownUser
    }

    public func updateProject(_ project: Project, for user: User) async throws(TodoStoreError) {
        let name = try Self.validTitle(project.name, noun: "name")
        let updated = try await self.write(
            """
            UPDATE project SET name = \(name), favorite = \(project.isFavorite)
            WHERE id = \(project.id) AND username = \(user.username)
            RETURNING id
            """
        ) { rows in !rows.isEmpty }
        guard updated else { throw .notFound }
    }

    // MARK: Settings

    public func settings(of user: User) async throws(TodoStoreError) -> UserSettings {
        try await self.userData(of: user).settings
    }

    public func updateSettings(_ settings: UserSettings, for user: User) async throws(TodoStoreError) {
        let updated = try await self.write(
            """
            UPDATE users SET hides_completed_todos = \(settings.hidesCompletedTodos)
            WHERE username = \(user.username) RETURNING username
            """
        ) { rows in !rows.isEmpty }
        guard updated else { throw .unknownUser }
    }

    // MARK: Operations

    public func changeCount(of user: User) async throws(TodoStoreError) -> Int {
        try await self.userData(of: user).changeCount
    }

    public func statistics() async throws(TodoStoreError) -> TodoStatistics {
        try await self.read(
            """
            SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM todo),
                   (SELECT count(*) FROM todo WHERE done), (SELECT count(*) FROM project)
            """
        ) { rows in
            let (users, todos, done, projects) = try rows.first?.decode((Int, Int, Int, Int).self) ?? (0, 0, 0, 0)
            return TodoStatistics(users: users, todos: todos, done: done, projects: projects)
        }
    }
}
