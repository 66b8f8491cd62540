/// A file attached to a todo. Its bytes are read separately (``TodoStore/attachment(id:of:)``),
/// so listing a todo's attachments never loads them.
public struct Attachment: Codable, Sendable, Hashable, Identifiable {
    /// The identifier, unique across the store.
    public var id: Int
    /// The todo it belongs to.
    public var todoID: Int
    /// The name of the user's file (user input: render it escaped, never use it as a path).
    public var filename: String
    /// The media type the browser sent.
    public var contentType: String
    /// The size in bytes.
    public var size: Int

    /// Creates an attachment value.
    public init(id: Int, todoID: Int, filename: String, contentType: String, size: Int) {
        self.id = id
        self.todoID = todoID
        self.filename = filename
        self.contentType = contentType
        self.size = size
    }
}
