import Foundation
import GRDB
public import Logging
import SignalboxSQLite
public import TodoApp

/// The demo's data in a SQLite file: users (passwords as salted scrypt hashes, never in plain
/// text), their todos, projects and settings, with schema migrations.
///
/// ```swift
/// let store = try SQLiteTodoStore(path: "todo-demo.sqlite")
/// try await store.seedDemoIfEmpty()   // alice / wonderland with the demo's todos, once
/// ```
///
/// One process owns the file: what a page reads is kept in memory per user until this store's
/// next write for that user, so pages of unchanged data are served without reading the file.
///
/// Reads that fail (a damaged file) are logged and throw ``TodoStoreError/unreadable``; writes
/// that fail (a full disk) throw ``TodoStoreError/unavailable``; the web layer answers both with
/// 503.
public final class SQLiteTodoStore: TodoStore {
    let pool: DatabasePool
    let readers: ReadConnections
    /// What was last read for each user, until this store's next write for them (see
    /// ``UserDataCache``).
    let cache = UserDataCache()
    let hasher: PasswordHasher
    /// Slows down repeated failed logins (in this process).
    public let loginThrottle: LoginThrottle
    /// The database file.
    public let path: String
    /// Where failed reads are reported.
    let logger: Logger

    /// Opens (or creates) the store.
    ///
    /// - Throws: ``TodoStorageError`` naming the file and the problem.
    public init(
        path: String,
        hasher: PasswordHasher = PasswordHasher(),
        loginThrottle: LoginThrottle = LoginThrottle(),
        logger: Logger = Logger(label: "todo-demo-data")
    )
        throws
    {
        self.path = path
        self.logger = logger
        self.hasher = hasher
        self.loginThrottle = loginThrottle
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "todo-demo-data"
        self.readers = ReadConnections(path: path, label: "todo-demo-data-reader")
        do {
            self.pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(self.pool)
        } catch {
            throw TodoStorageError(path: path, reason: Self.reason(error))
        }
    }

    /// Adds the demo's user and data when the store has no user yet (the same as
    /// ``InMemoryTodoStore/demo()``); returns whether it did.
    @discardableResult
    public func seedDemoIfEmpty() async throws -> Bool {
        let empty = try await self.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM user") == 0 }
        guard empty else { return false }
        let demo = InMemoryTodoStore.demo()
        let alice = InMemoryTodoStore.demoUser
        let hash = try self.hasher.hash(InMemoryTodoStore.demoPassword)
        let projects = demo.projects(of: alice)
        let todos = demo.todos(of: alice)
        try await self.pool.write { db in
            try db.execute(
                sql: "INSERT INTO user (username, password_hash) VALUES (?, ?)",
                arguments: [alice.username, hash]
            )
            for project in projects {
                try db.execute(
                    sql: "INSERT INTO project (id, username, name, favorite) VALUES (?, ?, ?, ?)",
                    arguments: [project.id, alice.username, project.name, project.isFavorite]
                )
            }
            for todo in todos {
                try db.execute(
                    sql: "INSERT INTO todo (id, username, title, done, favorite, project_id) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [todo.id, alice.username, todo.title, todo.isDone, todo.isFavorite, todo.projectID]
                )
            }
        }
        self.cache.removeAll()
        return true
    }

    // MARK: Users

    public func authenticate(username: String, password: String) async throws(TodoStoreError) -> User? {
        let name = username.lowercased()
        guard
            let hash = try self.read({ db in
                try String.fetchOne(
                    db.cachedStatement(sql: "SELECT password_hash FROM user WHERE username = ?"),
                    arguments: [name]
                )
            })
        else {
            // Same work for an unknown name, so timing does not tell which names exist.
            _ = try await self.hasher.verifying(password, against: Self.decoyHash)
            return nil
        }
        return try await self.hasher.verifying(password, against: hash) ? User(username: name) : nil
    }

    /// A hash no password matches, verified for unknown usernames.
    private static let decoyHash =
        "scrypt$32768$8$1$00000000000000000000000000000000$0000000000000000000000000000000000000000000000000000000000000000"

    public func loginGate(for username: String, from client: String?) async -> LoginGate {
        self.loginThrottle.gate(for: username, from: client)
    }

    public func recordLogin(of username: String, from client: String?, succeeded: Bool) async {
        self.loginThrottle.record(username: username, client: client, succeeded: succeeded)
    }

    public func isRegistered(username: String) async throws(TodoStoreError) -> Bool {
        let name = username.lowercased()
        return try self.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM user WHERE username = ?"), arguments: [name])
                ?? false
        }
    }

    public func register(username: String, password: String) async throws(TodoStoreError) -> User {
        let name = try Validation.registration(username: username, password: password)
        let hash = try await self.hasher.hashing(password)
        let inserted = try await self.write(for: name) { db throws(TodoStoreError) in
            try Self.run(
                db,
                "INSERT INTO user (username, password_hash) VALUES (?, ?) ON CONFLICT DO NOTHING",
                [name, hash]
            )
            return db.changesCount == 1
        }
        guard inserted else { throw .usernameTaken }
        return User(username: name)
    }

    // MARK: Todos

    public func todos(of user: User) async throws(TodoStoreError) -> [Todo] {
        try self.cache.value(\.todos, of: user.username) { () throws(TodoStoreError) in try self.readTodos(of: user) }
    }

    private func readTodos(of user: User) throws(TodoStoreError) -> [Todo] {
        try self.read { db in
            try Array(
                Row.fetchCursor(
                    db.cachedStatement(
                        sql:
                            "SELECT id, title, done, favorite, project_id, note FROM todo WHERE username = ? ORDER BY id"
                    ),
                    arguments: [user.username]
                ).map(Self.todo)
            )
        }
    }

    public func todo(id: Int, of user: User) async throws(TodoStoreError) -> Todo? {
        if let todos = self.cache.cached(\.todos, of: user.username) {
            return todos.first { $0.id == id }
        }
        return try self.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT id, title, done, favorite, project_id, note FROM todo WHERE id = ? AND username = ?"
                ),
                arguments: [id, user.username]
            ).map(Self.todo)
        }
    }

    public func addTodo(title: String, for user: User) async throws(TodoStoreError) -> Todo {
        let title = try Validation.storableTitle(title, noun: "title")
        return try await self.write(for: user.username) { db throws(TodoStoreError) in
            try Self.requireUser(user, db)
            // Writes are serialised: the count cannot change before the insert.
            guard try Self.count(db, "SELECT count(*) FROM todo WHERE username = ?", user) < Validation.maxTodosPerUser
            else { throw .tooManyTodos }
            try Self.run(db, "INSERT INTO todo (username, title) VALUES (?, ?)", [user.username, title])
            return Todo(id: Int(db.lastInsertedRowID), title: title)
        }
    }

    public func updateTodo(_ todo: Todo, for user: User) async throws(TodoStoreError) {
        var todo = todo
        todo.title = try Validation.storableTitle(todo.title, noun: "title")
        todo.note = try Validation.storableNote(todo.note)
        let updated = todo
        try await self.write(for: user.username) { db throws(TodoStoreError) in
            if let project = updated.projectID {
                guard
                    try Self.exists(
                        db,
                        "SELECT 1 FROM project WHERE id = ? AND username = ?",
                        [project, user.username]
                    )
                else { throw .notFound }
            }
            try Self.run(
                db,
                "UPDATE todo SET title = ?, done = ?, favorite = ?, project_id = ?, note = ? WHERE id = ? AND username = ?",
                [
                    updated.title, updated.isDone, updated.isFavorite, updated.projectID, updated.note, updated.id,
                    user.username,
                ]
            )
            guard db.changesCount == 1 else { throw .notFound }
        }
    }

    public func deleteTodo(id: Int, of user: User) async throws(TodoStoreError) {
        try await self.write(for: user.username) { db throws(TodoStoreError) in
            try Self.run(db, "DELETE FROM todo WHERE id = ? AND username = ?", [id, user.username])
            guard db.changesCount == 1 else { throw .notFound }
        }
    }

    // MARK: Projects

    public func projects(of user: User) async throws(TodoStoreError) -> [Project] {
        try self.cache.value(\.projects, of: user.username) { () throws(TodoStoreError) in
            try self.readProjects(of: user)
        }
    }

    private func readProjects(of user: User) throws(TodoStoreError) -> [Project] {
        try self.read { db in
            try Array(
                Row.fetchCursor(
                    db.cachedStatement(sql: "SELECT id, name, favorite FROM project WHERE username = ? ORDER BY id"),
                    arguments: [user.username]
                ).map(Self.project)
            )
        }
    }

    public func project(id: Int, of user: User) async throws(TodoStoreError) -> Project? {
        if let projects = self.cache.cached(\.projects, of: user.username) {
            return projects.first { $0.id == id }
        }
        return try self.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, name, favorite FROM project WHERE id = ? AND username = ?"),
                arguments: [id, user.username]
            ).map(Self.project)
        }
    }

    public func addProject(name: String, for user: User) async throws(TodoStoreError) -> Project {
        let name = try Validation.storableTitle(name, noun: "name")
        return try await self.write(for: user.username) { db throws(TodoStoreError) in
            try Self.requireUser(user, db)
            let projects = try Self.count(db, "SELECT count(*) FROM project WHERE username = ?", user)
            guard projects < Validation.maxProjectsPerUser else { throw .tooManyProjects }
            try Self.run(db, "INSERT INTO project (username, name) VALUES (?, ?)", [user.username, name])
            return Project(id: Int(db.lastInsertedRowID), name: name)
        }
    }

    public func updateProject(_ project: Project, for user: User) async throws(TodoStoreError) {
        var project = project
        project.name = try Validation.storableTitle(project.name, noun: "name")
        let updated = project
        try await self.write(for: user.username) { db throws(TodoStoreError) in
            try Self.run(
                db,
                "UPDATE project SET name = ?, favorite = ? WHERE id = ? AND username = ?",
                [updated.name, updated.isFavorite, updated.id, user.username]
            )
            guard db.changesCount == 1 else { throw .notFound }
        }
    }

    // MARK: Settings

    public func settings(of user: User) async throws(TodoStoreError) -> UserSettings {
        try self.cache.value(\.settings, of: user.username) { () throws(TodoStoreError) in
            let hides = try self.read { db in
                try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT hides_completed_todos FROM user WHERE username = ?"),
                    arguments: [user.username]
                )
            }
            return UserSettings(hidesCompletedTodos: hides ?? false)
        }
    }

    public func updateSettings(_ settings: UserSettings, for user: User) async throws(TodoStoreError) {
        try await self.write(for: user.username) { db throws(TodoStoreError) in
            try Self.run(
                db,
                "UPDATE user SET hides_completed_todos = ? WHERE username = ?",
                [settings.hidesCompletedTodos, user.username]
            )
            guard db.changesCount == 1 else { throw .unknownUser }
        }
    }

    // MARK: Versions

    public func changeCount(of user: User) async throws(TodoStoreError) -> Int {
        try self.cache.value(\.changeCount, of: user.username) { () throws(TodoStoreError) in
            try self.read { db in
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT change_count FROM user WHERE username = ?"),
                    arguments: [user.username]
                ) ?? 0
            }
        }
    }

    // MARK: Operations

    public func statistics() async throws(TodoStoreError) -> TodoStatistics {
        try self.read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT (SELECT count(*) FROM user), (SELECT count(*) FROM todo),
                               (SELECT count(*) FROM todo WHERE done), (SELECT count(*) FROM project)
                        """
                )
            )
            return TodoStatistics(
                users: row?[0] ?? 0,
                todos: row?[1] ?? 0,
                done: row?[2] ?? 0,
                projects: row?[3] ?? 0
            )
        }
    }
}
