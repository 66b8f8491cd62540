/// Preferences of one user, edited on the profile's settings screen.
public struct UserSettings: Codable, Sendable, Hashable {
    /// Whether the todo list leaves out todos that are done.
    public var hidesCompletedTodos: Bool

    /// Creates settings; the defaults show everything.
    public init(hidesCompletedTodos: Bool = false) {
        self.hidesCompletedTodos = hidesCompletedTodos
    }
}
