import Foundation
import GRDB
import Testing
import TodoApp

@testable import TodoStorage

@Suite final class UserDataCacheTests {
    let folder: String

    init() throws {
        self.folder = NSTemporaryDirectory() + "signalbox-user-data-cache-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: self.folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.folder)
    }

    func open() throws -> SQLiteTodoStore {
        try SQLiteTodoStore(path: self.folder + "/data.sqlite", hasher: .forTests)
    }

    /// Everything a page reads, read once so that it is cached.
    struct Seen: Equatable {
        var todos: [Todo]
        var todo: Todo?
        var projects: [Project]
        var project: Project?
        var settings: UserSettings
        var changeCount: Int
        var attachments: [TodoApp.Attachment]

        init(_ store: SQLiteTodoStore, _ user: User, todo: Int, project: Int) async throws {
            self.todos = try await store.todos(of: user)
            self.todo = try await store.todo(id: todo, of: user)
            self.projects = try await store.projects(of: user)
            self.project = try await store.project(id: project, of: user)
            self.settings = try await store.settings(of: user)
            self.changeCount = try await store.changeCount(of: user)
            self.attachments = try await store.attachments(ofTodo: todo, of: user)
        }
    }

    @Test func everyWriteIsSeenByTheNextRead() async throws {
        let store = try self.open()
        let ann = try await store.register(username: "ann", password: "password1")
        var todo = try await store.addTodo(title: "First", for: ann)
        var project = try await store.addProject(name: "Home", for: ann)
        var seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        var count = seen.changeCount

        // Each write, then everything read again: what the write changed is there, the count moved.
        let second = try await store.addTodo(title: "Second", for: ann)
        seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        #expect(seen.todos.map(\.title) == ["First", "Second"])
        #expect(seen.changeCount > count)
        count = seen.changeCount

        todo.title = "First, renamed"
        todo.isDone = true
        todo.projectID = project.id
        try await store.updateTodo(todo, for: ann)
        seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        #expect(seen.todo == todo)
        #expect(seen.todos.first == todo)
        #expect(seen.changeCount > count)
        count = seen.changeCount

        project.name = "House"
        try await store.updateProject(project, for: ann)
        seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        #expect(seen.project?.name == "House")
        #expect(seen.projects.map(\.name) == ["House"])

        _ = try await store.addProject(name: "Work", for: ann)
        seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        #expect(seen.projects.map(\.name) == ["House", "Work"])

        try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: ann)
        seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        #expect(seen.settings.hidesCompletedTodos)

        let file = try await store.attach(
            filename: "a.txt",
            contentType: "text/plain",
            bytes: Array("hello".utf8),
            toTodo: todo.id,
            for: ann
        )
        seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        #expect(seen.attachments == [file])
        #expect(seen.changeCount > count)

        try await store.deleteTodo(id: second.id, of: ann)
        seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        #expect(seen.todos == [todo])
        #expect(try await store.todo(id: second.id, of: ann) == nil)

        // A store opened afresh on the file reads the same.
        let reopened = try self.open()
        #expect(try await Seen(reopened, ann, todo: todo.id, project: project.id) == seen)
    }

    @Test func pagesOfUnchangedDataAreAnsweredWithoutReadingTheFile() async throws {
        let store = try self.open()
        let ann = try await store.register(username: "ann", password: "password1")
        let bob = try await store.register(username: "bob", password: "password1")
        let todo = try await store.addTodo(title: "Kept", for: ann)
        let project = try await store.addProject(name: "Home", for: ann)
        let seen = try await Seen(store, ann, todo: todo.id, project: project.id)
        // Tables no read could use: everything seen is still answered, from memory.
        try await store.pool.write { db in
            try db.execute(sql: "ALTER TABLE todo RENAME TO todo_gone; ALTER TABLE project RENAME TO project_gone")
        }
        #expect(try await Seen(store, ann, todo: todo.id, project: project.id) == seen)
        #expect(try await store.todo(id: todo.id + 1, of: ann) == nil)  // not in the cached list
        // What was never read is read from the file.
        await #expect(throws: TodoStoreError.unreadable) { try await store.todos(of: bob) }
    }

    @Test func oneUsersWriteForgetsOnlyThatUsersData() async throws {
        let store = try self.open()
        let ann = try await store.register(username: "ann", password: "password1")
        let bob = try await store.register(username: "bob", password: "password1")
        _ = try await store.addTodo(title: "Ann's", for: ann)
        _ = try await store.addTodo(title: "Bob's", for: bob)
        _ = try await store.todos(of: ann)
        let bobs = try await store.todos(of: bob)
        try await store.pool.write { db in try db.execute(sql: "ALTER TABLE todo RENAME TO todo_gone") }
        try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: ann)
        await #expect(throws: TodoStoreError.unreadable) { try await store.todos(of: ann) }
        #expect(try await store.todos(of: bob) == bobs)
    }

    @Test func aValueReadWhileAWriteBeganOrEndedIsNotKept() {
        let cache = UserDataCache()
        var loads = 0
        let raced = cache.value(\.changeCount, of: "ann") {
            loads += 1
            cache.invalidate("ann")  // a write for ann began (or ended) during the read
            return 1
        }
        #expect(raced == 1)
        let fresh = cache.value(\.changeCount, of: "ann") {
            loads += 1
            return 2
        }
        let kept = cache.value(\.changeCount, of: "ann") {
            loads += 1
            return 3
        }
        #expect(fresh == 2 && kept == 2)
        #expect(loads == 2)
        // A write for someone else does not stop ann's read from being kept.
        cache.invalidate("ann")
        _ = cache.value(\.settings, of: "ann") {
            cache.invalidate("bob")
            return UserSettings(hidesCompletedTodos: true)
        }
        #expect(cache.cached(\.settings, of: "ann") == UserSettings(hidesCompletedTodos: true))
    }

    @Test func theLeastRecentlyUsedUsersGoWhenTheCacheIsFull() {
        let cache = UserDataCache(maxUsers: 4, maxRows: 10)
        func todos(_ count: Int) -> [Todo] { (0..<count).map { Todo(id: $0, title: "t\($0)") } }
        for user in ["u0", "u1", "u2", "u3"] {
            _ = cache.value(\.todos, of: user) { todos(1) }
        }
        _ = cache.value(\.todos, of: "u0") { todos(1) }  // u0 is the most recently used now
        _ = cache.value(\.todos, of: "u4") { todos(1) }  // five users: back to three
        #expect(cache.counts.users == 3)
        #expect(cache.cached(\.todos, of: "u0") != nil)
        #expect(cache.cached(\.todos, of: "u4") != nil)
        #expect(cache.cached(\.todos, of: "u1") == nil && cache.cached(\.todos, of: "u2") == nil)

        // Rows: u0, u3 and u4 hold 1 each; with two users of 5 the oldest go until at most three
        // users and 7 rows are left.
        _ = cache.value(\.todos, of: "big") { todos(5) }
        #expect(cache.counts.users == 4 && cache.counts.rows == 8)
        _ = cache.value(\.todos, of: "bigger") { todos(5) }
        #expect(cache.counts.users == 1 && cache.counts.rows == 5)
        #expect(cache.cached(\.todos, of: "bigger")?.count == 5)
    }
}
