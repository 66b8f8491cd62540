/// The rules every ``TodoStore`` applies before a write, with ``TodoStoreError/invalid(_:)``
/// carrying the rule's message, so the three stores refuse the same values with the same words.
extension Validation {
    /// The note to store, or `.invalid` with the rule's message.
    public static func storableNote(_ text: String) throws(TodoStoreError) -> String {
        switch Validation.note(text) {
        case .success(let note): note
        case .failure(let failure): throw .invalid(failure.message)
        }
    }

    /// The title to store (trimmed), or `.invalid` with the rule's message.
    public static func storableTitle(_ text: String, noun: String) throws(TodoStoreError) -> String {
        switch Validation.title(text, noun: noun) {
        case .success(let title): title
        case .failure(let failure): throw .invalid(failure.message)
        }
    }

    /// An attachment's name and type as stored (a name of at most 255 characters, a type of at
    /// most 127 printable ASCII characters, else `application/octet-stream`), or `.invalid` for
    /// an empty or too large file.
    public static func storableAttachment(
        filename: String,
        contentType: String,
        size: Int
    ) throws(TodoStoreError) -> (filename: String, contentType: String) {
        guard size > 0 else { throw .invalid("The file is empty.") }
        guard size <= Self.maxAttachmentBytes else {
            throw .invalid("A file can have at most \(Self.maxAttachmentBytes >> 20) MB.")
        }
        let name = String(filename.trimmingWhitespace().prefix(255))
        let printable = contentType.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } && (1...127).contains(contentType.count)
        return (name.isEmpty ? "file" : name, printable ? contentType.lowercased() : "application/octet-stream")
    }

    /// The username to register (lower-cased) once both it and the password pass their rules, or
    /// `.invalid` with the first rule's message.
    public static func registration(username: String, password: String) throws(TodoStoreError) -> String {
        let name: String
        switch Validation.username(username) {
        case .success(let valid): name = valid
        case .failure(let failure): throw .invalid(failure.message)
        }
        if case .failure(let failure) = Validation.password(password, confirmation: password) {
            throw .invalid(failure.message)
        }
        return name
    }
}
