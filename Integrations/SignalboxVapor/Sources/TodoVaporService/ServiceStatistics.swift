public import TodoApp
public import Vapor

/// The answer of `GET /api/stats`: the demo's numbers over every user and the web layer's live
/// sessions.
///
/// ```json
/// {"users":1,"todos":4,"done":1,"projects":2,"sessions":3}
/// ```
public struct ServiceStatistics: Content, Equatable {
    /// Registered users.
    public var users: Int
    /// Todos, done or not.
    public var todos: Int
    /// Todos marked done.
    public var done: Int
    /// Projects.
    public var projects: Int
    /// Sessions the web layer holds.
    public var sessions: Int

    /// The demo's `statistics` and the web layer's session count.
    public init(_ statistics: TodoStatistics, sessions: Int) {
        self.users = statistics.users
        self.todos = statistics.todos
        self.done = statistics.done
        self.projects = statistics.projects
        self.sessions = sessions
    }
}
