import Foundation
import Testing
import TodoApp

@testable import TodoStorage

/// The change count is the data version of a user's pages (conditional GET): every write to
/// the user's data must bump it, or a browser would be told an old page is current.
@Suite final class ChangeCountTests {
    let folder: String

    init() throws {
        self.folder = NSTemporaryDirectory() + "signalbox-change-count-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: self.folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.folder)
    }

    enum Kind: String, CaseIterable { case memory, sqlite }

    func store(_ kind: Kind) throws -> any TodoStore {
        switch kind {
        case .memory: InMemoryTodoStore()
        case .sqlite: try SQLiteTodoStore(path: self.folder + "/data.sqlite", hasher: .forTests)
        }
    }

    @Test(arguments: Kind.allCases)
    func everyWriteBumpsItsUsersChangeCountAndNothingElseDoes(_ kind: Kind) async throws {
        let store = try self.store(kind)
        let ann = try await store.register(username: "ann", password: "password1")
        let bob = try await store.register(username: "bob", password: "password1")
        let bobsCount = try await store.changeCount(of: bob)
        var seen = [try await store.changeCount(of: ann)]

        var todo = try await store.addTodo(title: "Buy milk", for: ann)
        seen.append(try await store.changeCount(of: ann))
        todo.isDone = true
        try await store.updateTodo(todo, for: ann)
        seen.append(try await store.changeCount(of: ann))
        var project = try await store.addProject(name: "Garden", for: ann)
        seen.append(try await store.changeCount(of: ann))
        project.isFavorite = true
        try await store.updateProject(project, for: ann)
        seen.append(try await store.changeCount(of: ann))
        try await store.updateSettings(UserSettings(hidesCompletedTodos: true), for: ann)
        seen.append(try await store.changeCount(of: ann))
        try await store.deleteTodo(id: todo.id, of: ann)
        seen.append(try await store.changeCount(of: ann))
        // Each write moved it forward.
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "\(seen)")

        // Reads and refused writes do not.
        let count = try await store.changeCount(of: ann)
        _ = try await store.todos(of: ann)
        _ = try await store.projects(of: ann)
        _ = try await store.settings(of: ann)
        _ = try await store.todo(id: todo.id, of: ann)
        await #expect(throws: TodoStoreError.notFound) { try await store.deleteTodo(id: todo.id, of: ann) }
        await #expect(throws: (any Error).self) { try await store.addTodo(title: "  ", for: ann) }
        #expect(try await store.changeCount(of: ann) == count)
        // Another user's data is another version.
        #expect(try await store.changeCount(of: bob) == bobsCount)
    }

    @Test func theCountSurvivesReopeningTheFile() async throws {
        let ann: User
        let count: Int
        do {
            let store = try self.store(.sqlite)
            ann = try await store.register(username: "ann", password: "password1")
            _ = try await store.addTodo(title: "Buy milk", for: ann)
            count = try await store.changeCount(of: ann)
        }
        let reopened = try self.store(.sqlite)
        #expect(try await reopened.changeCount(of: ann) == count)
        _ = try await reopened.addTodo(title: "Buy bread", for: ann)
        #expect(try await reopened.changeCount(of: ann) > count)
    }
}
