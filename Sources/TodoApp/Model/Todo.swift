/// A todo of one user.
public struct Todo: Codable, Sendable, Hashable, Identifiable {
    /// The identifier, unique across the store.
    public var id: Int
    /// The user's text. It is user input: templates must render it escaped.
    public var title: String
    /// Whether the todo is done.
    public var isDone: Bool
    /// Whether the todo appears on the home screen.
    public var isFavorite: Bool
    /// The project the todo belongs to, if any.
    public var projectID: Int?
    /// The user's note, several lines (`\n` between them); empty when there is none. User input.
    public var note: String

    /// Creates a todo value.
    public init(
        id: Int,
        title: String,
        isDone: Bool = false,
        isFavorite: Bool = false,
        projectID: Int? = nil,
        note: String = ""
    ) {
        self.id = id
        self.title = title
        self.isDone = isDone
        self.isFavorite = isFavorite
        self.projectID = projectID
        self.note = note
    }
}
