import Synchronization

/// A ``TodoStore`` that keeps everything in memory behind one `Mutex`; safe to share between
/// every session and request. A call holds the lock for a dictionary look-up or update and
/// never suspends: an actor here would cost every page a hop to the actor's executor and back
/// (a thread switch under load) for microseconds of work.
///
/// ```swift
/// let store = InMemoryTodoStore.demo()          // alice / wonderland with a few todos
/// let user = store.authenticate(username: "alice", password: "wonderland")
/// ```
public final class InMemoryTodoStore: TodoStore {
    private let state: Mutex<State>
    /// Slows down repeated failed logins.
    public let loginThrottle: LoginThrottle

    /// An empty store.
    public init(loginThrottle: LoginThrottle = LoginThrottle()) {
        self.state = Mutex(State())
        self.loginThrottle = loginThrottle
    }

    /// A store holding `state` (see ``demo()``).
    init(state: State, loginThrottle: LoginThrottle = LoginThrottle()) {
        self.state = Mutex(state)
        self.loginThrottle = loginThrottle
    }

    public func loginGate(for username: String, from client: String?) async -> LoginGate {
        self.loginThrottle.gate(for: username, from: client)
    }

    public func recordLogin(of username: String, from client: String?, succeeded: Bool) async {
        self.loginThrottle.record(username: username, client: client, succeeded: succeeded)
    }

    // MARK: Users

    public func authenticate(username: String, password: String) -> User? {
        let key = username.lowercased()
        guard let account = self.state.withLock({ $0.accounts[key] }) else { return nil }
        return Self.constantTimeEquals(account.password, password) ? account.user : nil
    }

    public func isRegistered(username: String) -> Bool {
        let key = username.lowercased()
        return self.state.withLock { $0.accounts[key] != nil }
    }

    public func register(username: String, password: String) throws(TodoStoreError) -> User {
        try self.state.withLock { state throws(TodoStoreError) in
            try state.register(username: username, password: password)
        }
    }

    // MARK: Todos

    public func todos(of user: User) -> [Todo] {
        self.state.withLock { $0.accounts[user.username]?.todos ?? [] }
    }

    public func todo(id: Int, of user: User) -> Todo? {
        self.state.withLock { $0.accounts[user.username]?.todos.first { $0.id == id } }
    }

    public func addTodo(title: String, for user: User) throws(TodoStoreError) -> Todo {
        try self.state.withLock { state throws(TodoStoreError) in try state.addTodo(title: title, for: user) }
    }

    public func updateTodo(_ todo: Todo, for user: User) throws(TodoStoreError) {
        try self.state.withLock { state throws(TodoStoreError) in try state.updateTodo(todo, for: user) }
    }

    public func deleteTodo(id: Int, of user: User) throws(TodoStoreError) {
        try self.state.withLock { state throws(TodoStoreError) in try state.deleteTodo(id: id, of: user) }
    }

    // MARK: Attachments

    public func attachments(ofTodo todoID: Int, of user: User) -> [Attachment] {
        self.state.withLock { $0.accounts[user.username]?.attachments.filter { $0.todoID == todoID } ?? [] }
    }

    public func attach(
        filename: String,
        contentType: String,
        bytes: [UInt8],
        toTodo todoID: Int,
        for user: User
    ) throws(TodoStoreError) -> Attachment {
        try self.state.withLock { state throws(TodoStoreError) in
            try state.attach(filename: filename, contentType: contentType, bytes: bytes, toTodo: todoID, for: user)
        }
    }

    public func attachment(id: Int, of user: User) -> (attachment: Attachment, bytes: [UInt8])? {
        self.state.withLock { state in
            guard let account = state.accounts[user.username],
                let attachment = account.attachments.first(where: { $0.id == id }),
                let bytes = account.attachmentBytes[id]
            else { return nil }
            return (attachment, bytes)
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
        try self.state.withLock { state throws(TodoStoreError) in try state.addProject(name: name, for: user) }
    }

    public func updateProject(_ project: Project, for user: User) throws(TodoStoreError) {
        try self.state.withLock { state throws(TodoStoreError) in try state.updateProject(project, for: user) }
    }

    // MARK: Settings

    public func settings(of user: User) -> UserSettings {
        self.state.withLock { $0.accounts[user.username]?.settings ?? UserSettings() }
    }

    public func updateSettings(_ settings: UserSettings, for user: User) throws(TodoStoreError) {
        try self.state.withLock { state throws(TodoStoreError) in try state.updateSettings(settings, for: user) }
    }

    // MARK: Versions

    public func changeCount(of user: User) -> Int {
        self.state.withLock { $0.accounts[user.username]?.changeCount ?? 0 }
    }

    // MARK: Operations

    public func statistics() -> TodoStatistics {
        let accounts = self.state.withLock { Array($0.accounts.values) }
        return TodoStatistics(
            users: accounts.count,
            todos: accounts.reduce(0) { $0 + $1.todos.count },
            done: accounts.reduce(0) { $0 + $1.todos.count(where: \.isDone) },
            projects: accounts.reduce(0) { $0 + $1.projects.count }
        )
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
