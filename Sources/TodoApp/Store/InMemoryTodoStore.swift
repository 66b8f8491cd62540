import Synchronization

/// A ``TodoStore`` that keeps everything in memory, behind one `Mutex`; safe to share between
/// every session and request.
///
/// ```swift
/// let store = InMemoryTodoStore.demo()          // alice / wonderland with a few todos
/// let user = store.authenticate(username: "alice", password: "wonderland")
/// ```
public final class InMemoryTodoStore: TodoStore {
    private let state: Mutex<State>

    struct Account: Sendable {
        var user: User
        var password: String
        var todos: [Todo] = []
        var projects: [Project] = []
        var settings = UserSettings()
    }

    struct State: Sendable {
        var accounts: [String: Account] = [:]
        var nextTodoID = 1
        var nextProjectID = 1
    }

    /// An empty store.
    public init() {
        self.state = Mutex(State())
    }

    // MARK: Users

    public func authenticate(username: String, password: String) -> User? {
        let key = username.lowercased()
        return self.state.withLock { state -> User? in
            guard let account = state.accounts[key] else { return nil }
            return Self.constantTimeEquals(account.password, password) ? account.user : nil
        }
    }

    public func isRegistered(username: String) -> Bool {
        let key = username.lowercased()
        return self.state.withLock { $0.accounts[key] != nil }
    }

    public func register(username: String, password: String) throws(TodoStoreError) -> User {
        let name: String
        switch Validation.username(username) {
        case .success(let valid): name = valid
        case .failure(let failure): throw .invalid(failure.message)
        }
        if case .failure(let failure) = Validation.password(password, confirmation: password) {
            throw .invalid(failure.message)
        }
        let result = self.state.withLock { state -> User? in
            guard state.accounts[name] == nil else { return nil }
            let user = User(username: name)
            state.accounts[name] = Account(user: user, password: password)
            return user
        }
        guard let result else { throw .usernameTaken }
        return result
    }

    // MARK: Todos

    public func todos(of user: User) -> [Todo] {
        self.state.withLock { $0.accounts[user.username]?.todos ?? [] }
    }

    public func todo(id: Int, of user: User) -> Todo? {
        self.state.withLock { $0.accounts[user.username]?.todos.first { $0.id == id } }
    }

    public func addTodo(title: String, for user: User) throws(TodoStoreError) -> Todo {
        let title = try Self.validTitle(title, noun: "title")
        return try self.withAccount(of: user) { state, account in
            let todo = Todo(id: state.nextTodoID, title: title)
            state.nextTodoID += 1
            account.todos.append(todo)
            return todo
        }
    }

    public func updateTodo(_ todo: Todo, for user: User) throws(TodoStoreError) {
        var todo = todo
        todo.title = try Self.validTitle(todo.title, noun: "title")
        let updated = todo
        try self.withAccount(of: user) { _, account throws(TodoStoreError) in
            guard let index = account.todos.firstIndex(where: { $0.id == updated.id }) else { throw .notFound }
            if let project = updated.projectID, !account.projects.contains(where: { $0.id == project }) {
                throw .notFound
            }
            account.todos[index] = updated
        }
    }

    public func deleteTodo(id: Int, of user: User) throws(TodoStoreError) {
        try self.withAccount(of: user) { _, account throws(TodoStoreError) in
            guard let index = account.todos.firstIndex(where: { $0.id == id }) else { throw .notFound }
            account.todos.remove(at: index)
        }
    }

    // MARK: Projects

    public func projects(of user: User) -> [Project] {
        self.state.withLock { $0.accounts[user.username]?.projects ?? [] }
    }

    public func project(id: Int, of user: User) -> Project? {
        self.state.withLock { $0.accounts[user.username]?.projects.first { $0.id == id } }
    }

    public func addProject(name: String, for user: User) throws(TodoStoreError) -> Project {
        let name = try Self.validTitle(name, noun: "name")
        return try self.withAccount(of: user) { state, account in
            let project = Project(id: state.nextProjectID, name: name)
            state.nextProjectID += 1
            account.projects.append(project)
            return project
        }
    }

    public func updateProject(_ project: Project, for user: User) throws(TodoStoreError) {
        var project = project
        project.name = try Self.validTitle(project.name, noun: "name")
        let updated = project
        try self.withAccount(of: user) { _, account throws(TodoStoreError) in
            guard let index = account.projects.firstIndex(where: { $0.id == updated.id }) else { throw .notFound }
            account.projects[index] = updated
        }
    }

    // MARK: Settings

    public func settings(of user: User) -> UserSettings {
        self.state.withLock { $0.accounts[user.username]?.settings ?? UserSettings() }
    }

    public func updateSettings(_ settings: UserSettings, for user: User) throws(TodoStoreError) {
        try self.withAccount(of: user) { _, account in account.settings = settings }
    }

    // MARK: Helpers

    /// Runs `body` on the user's account inside the lock.
    private func withAccount<Value>(
        of user: User, _ body: (inout State, inout Account) throws(TodoStoreError) -> Value
    ) throws(TodoStoreError) -> Value {
        let result: Result<Value, TodoStoreError> = self.state.withLock { state in
            guard var account = state.accounts[user.username] else { return .failure(.unknownUser) }
            do throws(TodoStoreError) {
                let value = try body(&state, &account)
                state.accounts[user.username] = account
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func validTitle(_ text: String, noun: String) throws(TodoStoreError) -> String {
        switch Validation.title(text, noun: noun) {
        case .success(let title): return title
        case .failure(let failure): throw .invalid(failure.message)
        }
    }

    /// Compares without stopping at the first difference, so timing does not reveal a prefix.
    private static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0 && left.count == right.count
    }
}
