import Foundation
import GRDB
import SignalboxTesting
import SignalboxWeb
import Testing
import TodoApp

@testable import TodoStorage

@Suite final class SQLiteTodoStoreTests {
    let folder: String
    var file: String { self.folder + "/data.sqlite" }

    init() throws {
        self.folder = NSTemporaryDirectory() + "signalbox-todo-storage-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: self.folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.folder)
    }

    func open() throws -> SQLiteTodoStore {
        try SQLiteTodoStore(path: self.file, hasher: .forTests)
    }

    @Test func anAccountKeepsAtMostItsQuotaOfTodosAndProjects() async throws {
        let store = try self.open()
        let ann = try await store.register(username: "ann", password: "password1")
        // All but one of each in one transaction (550 commits would block a thread for seconds
        // on a busy disk), then the last through the store.
        try await DatabaseQueue(path: self.file).write { db in
            for index in 1..<Validation.maxTodosPerUser {
                try db.execute(
                    sql: "INSERT INTO todo (username, title) VALUES ('ann', ?)",
                    arguments: ["todo \(index)"]
                )
            }
            for index in 1..<Validation.maxProjectsPerUser {
                try db.execute(sql: "INSERT INTO project (username, name) VALUES ('ann', ?)", arguments: ["p\(index)"])
            }
        }
        _ = try await store.addTodo(title: "the last one", for: ann)
        await #expect(throws: TodoStoreError.tooManyTodos) { try await store.addTodo(title: "one more", for: ann) }
        #expect(try await store.todos(of: ann).count == Validation.maxTodosPerUser)
        _ = try await store.addProject(name: "the last one", for: ann)
        await #expect(throws: TodoStoreError.tooManyProjects) { try await store.addProject(name: "more", for: ann) }
    }

    @Test func passwordsAreStoredAsSaltedHashesAndStillAuthenticate() async throws {
        let store = try self.open()
        let bob = try await store.register(username: "Bob", password: "tweedledum")
        let carol = try await store.register(username: "carol", password: "tweedledum")
        #expect(try await store.authenticate(username: "bob", password: "tweedledum") == bob)
        #expect(try await store.authenticate(username: "bob", password: "tweedledee") == nil)
        #expect(try await store.authenticate(username: "nobody", password: "tweedledum") == nil)
        let hashes = try await store.pool.read { db in try String.fetchAll(db, sql: "SELECT password_hash FROM user") }
        #expect(hashes.count == 2)
        #expect(hashes.allSatisfy { $0.hasPrefix("scrypt$") && !$0.contains("tweedledum") })
        #expect(hashes[0] != hashes[1])  // salted: the same password hashes differently
        #expect(try await store.authenticate(username: "carol", password: "tweedledum") == carol)
        await #expect(throws: TodoStoreError.usernameTaken) {
            try await store.register(username: "BOB", password: "whatever1")
        }
    }

    @Test func statisticsCountEveryUsersTodosDoneTodosAndProjects() async throws {
        let store = try self.open()
        #expect(try await store.statistics() == TodoStatistics(users: 0, todos: 0, done: 0, projects: 0))
        let bob = try await store.register(username: "bob", password: "tweedledum")
        let carol = try await store.register(username: "carol", password: "tweedledum")
        var todo = try await store.addTodo(title: "Shell peas", for: bob)
        _ = try await store.addTodo(title: "Count spoons", for: carol)
        todo.isDone = true
        try await store.updateTodo(todo, for: bob)
        _ = try await store.addProject(name: "Kitchen", for: carol)
        #expect(try await store.statistics() == TodoStatistics(users: 2, todos: 2, done: 1, projects: 1))
    }

    @Test func everythingSurvivesReopeningTheFile() async throws {
        let user: User
        do {
            let store = try self.open()
            #expect(try await store.seedDemoIfEmpty())
            user = try await store.register(username: "dora", password: "explorer1")
            let project = try await store.addProject(name: "Maps", for: user)
            var todo = try await store.addTodo(title: "Find the map", for: user)
            todo.projectID = project.id
            todo.isFavorite = true
            todo.note = "North of the river.\nAsk the Caterpillar."
            try await store.updateTodo(todo, for: user)
            try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: user)
        }
        let store = try self.open()
        #expect(try await store.seedDemoIfEmpty() == false)
        let todos = try await store.todos(of: user)
        #expect(todos.map(\.title) == ["Find the map"])
        #expect(todos.first?.isFavorite == true)
        #expect(todos.first?.note == "North of the river.\nAsk the Caterpillar.")
        #expect(try await store.projects(of: user).map(\.name) == ["Maps"])
        #expect(try await store.settings(of: user).hidesCompletedTodos)
        #expect(try await store.todos(of: InMemoryTodoStore.demoUser).count == 4)
        #expect(try await store.authenticate(username: "alice", password: "wonderland") != nil)
    }

    @Test func oneUserNeverReachesAnothersData() async throws {
        let store = try self.open()
        let ann = try await store.register(username: "ann", password: "password1")
        let ben = try await store.register(username: "ben", password: "password1")
        let todo = try await store.addTodo(title: "Ann's", for: ann)
        let project = try await store.addProject(name: "Ben's", for: ben)
        #expect(try await store.todo(id: todo.id, of: ben) == nil)
        await #expect(throws: TodoStoreError.notFound) { try await store.deleteTodo(id: todo.id, of: ben) }
        var moved = todo
        moved.projectID = project.id
        await #expect(throws: TodoStoreError.notFound) { try await store.updateTodo(moved, for: ann) }
    }

    @Test func aWriteThatFailsIsUnavailableAndChangesNothing() async throws {
        let store = try self.open()
        let ann = try await store.register(username: "ann", password: "password1")
        try await store.pool.write { db in try db.execute(sql: "PRAGMA query_only = 1") }
        await #expect(throws: TodoStoreError.unavailable) { _ = try await store.addTodo(title: "lost?", for: ann) }
        try await store.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 0") }
        #expect(try await store.todos(of: ann).isEmpty)
        #expect(TodoStoreError.unavailable.webError.status == .serviceUnavailable)
    }

    @Test func aFullDiskRefusesTheTodoThatDoesNotFitAndKeepsEveryAddedOne() async throws {
        let ann: User
        var added: [Todo] = []
        do {
            let store = try self.open()
            ann = try await store.register(username: "ann", password: "password1")
            // The disk is full: the file may not grow past the pages it has (the pool's one writer
            // connection keeps the limit for every later write).
            try await store.pool.writeWithoutTransaction { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                try db.execute(sql: "PRAGMA max_page_count = \(pages)")
            }
            var refused: String?
            for number in 1...1_000 {
                let title = "Todo \(number) " + String(repeating: "x", count: 150)
                do {
                    added.append(try await store.addTodo(title: title, for: ann))
                } catch {
                    #expect(error == .unavailable)
                    refused = title
                    break
                }
            }
            let title = try #require(refused, "every todo was added: the file never filled up")
            #expect(!added.isEmpty)
            // It is the disk that is full: the same row, written directly, fails with SQLITE_FULL.
            let full = try await #require(throws: DatabaseError.self) {
                try await store.pool.write { db in
                    try db.execute(sql: "INSERT INTO todo (username, title) VALUES (?, ?)", arguments: ["ann", title])
                }
            }
            #expect(full.resultCode == .SQLITE_FULL)
            // Nothing of the refused todo is stored; every added one is.
            let stored = try await store.pool.read { db in
                try String.fetchAll(db, sql: "SELECT title FROM todo ORDER BY id")
            }
            #expect(stored == added.map(\.title))
            #expect(try await store.todos(of: ann) == added)
        }
        let store = try self.open()
        #expect(try await store.todos(of: ann) == added)
        // The limit was the closed connection's: the reopened file has room again.
        let next = try await store.addTodo(title: "After the restart", for: ann)
        #expect(try await store.todos(of: ann) == added + [next])
    }

    @Test func aCorruptFileIsAClearError() async throws {
        do {
            let store = try self.open()
            try await store.seedDemoIfEmpty()
            let dora = try await store.register(username: "dora", password: "explorer1")
            _ = try await store.addTodo(title: "Find the map", for: dora)
        }
        // Closed: everything is in the main file, none of it in a write-ahead log.
        #expect(!FileManager.default.fileExists(atPath: self.file + "-wal"))
        let header = try #require(FileManager.default.contents(atPath: self.file)).prefix(100)
        try corruptEveryPageAfterTheFirst(of: self.file)
        #expect(FileManager.default.contents(atPath: self.file)?.prefix(100) == header)  // still a database
        let error = try #require(throws: TodoStorageError.self) { try self.open() }
        #expect(error.description.contains(self.file))
        #expect(error.description.contains("malformed"))
    }

    @Test func aReadThatFailsIsUnavailableNotAnEmptyAnswer() async throws {
        let store = try self.open()
        let ann = try await store.register(username: "ann", password: "password1")
        let kept = try await store.addTodo(title: "Kept", for: ann)
        // Unreadable tables (as a damaged page would make them).
        try await store.pool.write { db in
            try db.execute(sql: "ALTER TABLE todo RENAME TO todo_gone; ALTER TABLE project RENAME TO project_gone")
        }
        await #expect(throws: TodoStoreError.unreadable) { try await store.todos(of: ann) }
        await #expect(throws: TodoStoreError.unreadable) { try await store.todo(id: kept.id, of: ann) }
        await #expect(throws: TodoStoreError.unreadable) { try await store.projects(of: ann) }
        try await store.pool.write { db in
            try db.execute(sql: "ALTER TABLE todo_gone RENAME TO todo; ALTER TABLE project_gone RENAME TO project")
        }
        #expect(try await store.todos(of: ann) == [kept])
    }

    @Test func aPageWhoseDataCannotBeReadAnswers503NotAnEmptyPage() async throws {
        let store = try self.open()
        try await store.seedDemoIfEmpty()
        let templates = String(#filePath).replacing(
            "Tests/TodoStorageTests/SQLiteTodoStoreTests.swift",
            with: "Templates"
        )
        var logger = Logger(label: "todo-storage-tests")
        logger.logLevel = .critical
        let app = try TodoWebApp.make(store: store, templates: templates, logger: logger)
        let alice = TestClient(app)
        try await alice.get("/unauthenticated")
        let login = try await alice.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(login.status == .seeOther)
        #expect(try await alice.get("/authenticated/todos").status == .ok)
        try await store.pool.write { db in try db.execute(sql: "ALTER TABLE todo RENAME TO todo_gone") }
        // The page's data was cached by the first visit; damage shows on the next read of the file.
        store.cache.removeAll()
        let page = try await alice.get("/authenticated/todos")
        #expect(page.status == .serviceUnavailable)
        #expect(page.response.headerFields[.retryAfter] == "2")
        #expect(page.body.contains("could not be read right now"))
        #expect(!page.body.contains("nothing changed"))
        #expect(!page.body.contains("no such table"))
        try await store.pool.write { db in try db.execute(sql: "ALTER TABLE todo_gone RENAME TO todo") }
        #expect(try await alice.get("/authenticated/todos").status == .ok)
    }

    @Test func aFolderThatCannotBeWrittenIsAClearError() throws {
        let path = "/proc/signalbox-cannot-write-here/todo-demo.sqlite"
        let error = try #require(throws: TodoStorageError.self) {
            try SQLiteTodoStore(path: path, hasher: .forTests)
        }
        #expect(error.description.contains(path))
        #expect(error.description.contains("unable to open"))
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        try "plain text".write(toFile: self.file, atomically: true, encoding: .utf8)
        let error = try #require(throws: TodoStorageError.self) { try self.open() }
        #expect(error.description.contains(self.file))
        #expect(error.description.contains("not a database"))
    }
}

/// Overwrites every page of the SQLite file at `path` after the first with garbage. The first
/// page (the 100-byte header and the schema) stays intact: still a database, but a corrupt one.
private func corruptEveryPageAfterTheFirst(of path: String) throws {
    struct CannotCorrupt: Error { var reason: String }
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let header = try handle.read(upToCount: 100) ?? Data()
    guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
        throw CannotCorrupt(reason: "\(path) is not a SQLite database")
    }
    let pageSize = (Int(header[16]) << 8) | Int(header[17])
    let firstPage = pageSize == 1 ? 65_536 : pageSize
    let size = Int(try handle.seekToEnd())
    guard size > firstPage else { throw CannotCorrupt(reason: "\(path) has a single page") }
    try handle.seek(toOffset: UInt64(firstPage))
    try handle.write(contentsOf: Data((0..<(size - firstPage)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
}
