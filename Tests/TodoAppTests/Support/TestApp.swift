import Signalbox
import SignalboxTesting

@testable import TodoApp

/// One session's tree over a fresh demo store.
struct TestApp {
    let store: InMemoryTodoStore
    let main: MainCoordinator
    let tree: NavigationTree

    init(store: InMemoryTodoStore = .demo()) {
        self.store = store
        self.main = MainCoordinator(store: store)
        self.tree = NavigationTree(root: self.main)
    }

    static let alice = InMemoryTodoStore.demoUser

    /// Logs alice in through the login form.
    @discardableResult
    func logIn(username: String = "alice", password: String = "wonderland") async throws -> Submission {
        try await self.tree.apply(path: "/unauthenticated")
        return try await self.tree.submit(["username": username, "password": password])
    }

    /// Shows `path`, then submits `form` to the screen on top.
    @discardableResult
    func submit(_ form: FormData, at path: String) async throws -> Submission {
        try await self.tree.apply(path: path)
        return try await self.tree.submit(form)
    }

    /// The signed-in tabs.
    var tabs: AuthenticatedCoordinator? { self.main.hasRoot(\.authenticated) }

    /// The Todos tab's coordinator, once built.
    var todos: TodosCoordinator? {
        get async { (try? await self.tabs?.focusFirst(\.todos))?.child }
    }

    /// The titles of the active branch, outermost first.
    func titles() async throws -> [String] { try await self.tree.titles() }
}

extension Submission {
    /// The rejection's message, when the form was refused.
    var message: String? {
        if case .invalid(let rejection) = self { return rejection.message }
        return nil
    }

    /// The rejection's message per field, when the form was refused.
    var fieldErrors: [String: String]? {
        if case .invalid(let rejection) = self { return rejection.fieldErrors }
        return nil
    }
}
