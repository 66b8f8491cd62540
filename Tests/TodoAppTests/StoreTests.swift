import SignalboxTesting
import Testing

@testable import TodoApp

@Suite struct InMemoryTodoStoreTests {
    @Test func theDemoDataIsSeeded() {
        let store = InMemoryTodoStore.demo()
        let alice = TestApp.alice
        #expect(
            store.todos(of: alice).map(\.title) == [
                "Buy milk", "Paint the roses red", "Send the invitations", "Read Through the Looking-Glass",
            ]
        )
        #expect(store.projects(of: alice).map(\.name) == ["Garden", "Tea party"])
    }

    @Test func statisticsCountEveryUsersTodosDoneTodosAndProjects() throws {
        let store = InMemoryTodoStore.demo()
        #expect(store.statistics() == TodoStatistics(users: 1, todos: 4, done: 1, projects: 2))
        let bob = try store.register(username: "bob", password: "tweedledum")
        var todo = try store.addTodo(title: "Shell peas", for: bob)
        _ = try store.addTodo(title: "Count spoons", for: bob)
        todo.isDone = true
        try store.updateTodo(todo, for: bob)
        _ = try store.addProject(name: "Kitchen", for: bob)
        try store.deleteTodo(id: 1, of: TestApp.alice)
        #expect(store.statistics() == TodoStatistics(users: 2, todos: 5, done: 2, projects: 3))
    }

    @Test func authenticationNeedsTheExactPassword() {
        let store = InMemoryTodoStore.demo()
        #expect(store.authenticate(username: "alice", password: "wonderland") == TestApp.alice)
        #expect(store.authenticate(username: "alice", password: "wonderlan") == nil)
        #expect(store.authenticate(username: "alice", password: "wonderlandx") == nil)
        #expect(store.authenticate(username: "nobody", password: "wonderland") == nil)
    }

    @Test func writesValidateWhoeverCalls() {
        let store = InMemoryTodoStore.demo()
        #expect(throws: TodoStoreError.invalid("Please enter a title.")) {
            _ = try store.addTodo(title: " ", for: TestApp.alice)
        }
        #expect(throws: TodoStoreError.unknownUser) {
            _ = try store.addTodo(title: "x", for: User(username: "ghost"))
        }
        #expect(throws: TodoStoreError.usernameTaken) {
            _ = try store.register(username: "ALICE", password: "12345678")
        }
        var todo = Todo(id: 1, title: "Buy milk", projectID: 99)
        #expect(throws: TodoStoreError.notFound) { try store.updateTodo(todo, for: TestApp.alice) }
        todo.id = 99
        todo.projectID = nil
        #expect(throws: TodoStoreError.notFound) { try store.updateTodo(todo, for: TestApp.alice) }
        #expect(throws: TodoStoreError.notFound) { try store.deleteTodo(id: 99, of: TestApp.alice) }
        let long = Todo(id: 1, title: "Buy milk", note: String(repeating: "n", count: Validation.maxNoteLength + 1))
        #expect(throws: TodoStoreError.invalid("A note can have at most 2000 characters (it has 2001).")) {
            try store.updateTodo(long, for: TestApp.alice)
        }
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("two\r\nlines", "two\nlines"),
        ("old\rmac", "old\nmac"),
        ("  indented\n  kept  \n\n", "  indented\n  kept"),
        ("", ""),
    ])
    func notesAreStoredWithPlainLineBreaksAndNoTrailingSpace(_ sent: String, _ stored: String) throws {
        #expect(try Validation.note(sent).get() == stored)
    }

    @Test func concurrentWritesGetDistinctIDs() async throws {
        let store = InMemoryTodoStore.demo()
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask { try store.addTodo(title: "todo \(index)", for: TestApp.alice).id }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(ids.count == 200)
        #expect(store.todos(of: TestApp.alice).count == 204)
    }
}
