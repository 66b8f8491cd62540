/// How much the store holds, over every user: what an operations page or a service's
/// `/api/stats` shows (the Hummingbird and Vapor examples serve it as JSON).
public struct TodoStatistics: Sendable, Hashable, Codable {
    /// Registered users.
    public var users: Int
    /// Todos, done or not.
    public var todos: Int
    /// Todos marked done.
    public var done: Int
    /// Projects.
    public var projects: Int

    public init(users: Int, todos: Int, done: Int, projects: Int) {
        self.users = users
        self.todos = todos
        self.done = done
        self.projects = projects
    }
}
