/// A project grouping todos of one user.
public struct Project: Codable, Sendable, Hashable, Identifiable {
    /// The identifier, unique across the store.
    public var id: Int
    /// The user's name for the project (user input: render it escaped).
    public var name: String
    /// Whether the project appears on the home screen.
    public var isFavorite: Bool

    /// Creates a project value.
    public init(id: Int, name: String, isFavorite: Bool = false) {
        self.id = id
        self.name = name
        self.isFavorite = isFavorite
    }
}
