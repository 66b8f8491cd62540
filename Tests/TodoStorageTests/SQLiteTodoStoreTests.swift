import Foundation
import GRDB
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

    @Test func passwordsAreStoredAsSaltedHashesAndStillAuthenticate() async throws {
        let store = try self.open()
        let bob = try await store.register(username: "Bob", password: "tweedledum")
        let carol = try await store.register(username: "carol", password: "tweedledum")
        #expect(await store.authenticate(username: "bob", password: "tweedledum") == bob)
        #expect(await store.authenticate(username: "bob", password: "tweedledee") == nil)
        #expect(await store.authenticate(username: "nobody", password: "tweedledum") == nil)
        let hashes = try await store.pool.read { db in try String.fetchAll(db, sql: "SELECT password_hash FROM user") }
        #expect(hashes.count == 2)
        #expect(hashes.allSatisfy { $0.hasPrefix("scrypt$") && !$0.contains("tweedledum") })
        #expect(hashes[0] != hashes[1])  // salted: the same password hashes differently
        #expect(await store.authenticate(username: "carol", password: "tweedledum") == carol)
        await #expect(throws: TodoStoreError.usernameTaken) {
            try await store.register(username: "BOB", password: "whatever1")
        }
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
            try await store.updateTodo(todo, for: user)
            try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: user)
        }
        let store = try self.open()
        #expect(try await store.seedDemoIfEmpty() == false)
        let todos = await store.todos(of: user)
        #expect(todos.map(\.title) == ["Find the map"])
        #expect(todos.first?.isFavorite == true)
        #expect(await store.projects(of: user).map(\.name) == ["Maps"])
        #expect(await store.settings(of: user).hidesCompletedTodos)
        #expect(await store.todos(of: InMemoryTodoStore.demoUser).count == 4)
        #expect(await store.authenticate(username: "alice", password: "wonderland") != nil)
    }

    @Test func oneUserNeverReachesAnothersData() async throws {
        let store = try self.open()
        let ann = try await store.register(username: "ann", password: "password1")
        let ben = try await store.register(username: "ben", password: "password1")
        let todo = try await store.addTodo(title: "Ann's", for: ann)
        let project = try await store.addProject(name: "Ben's", for: ben)
        #expect(await store.todo(id: todo.id, of: ben) == nil)
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
        #expect(await store.todos(of: ann).isEmpty)
        #expect(TodoStoreError.unavailable.webError.status == .serviceUnavailable)
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        try "plain text".write(toFile: self.file, atomically: true, encoding: .utf8)
        let error = try #require(throws: TodoStorageError.self) { try self.open() }
        #expect(error.description.contains(self.file))
        #expect(error.description.contains("not a database"))
    }
}
