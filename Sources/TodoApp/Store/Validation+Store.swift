/// The rules every ``TodoStore`` applies before a write, with ``TodoStoreError/invalid(_:)``
/// carrying the rule's message, so the three stores refuse the same values with the same words.
extension Validation {
    /// The title to store (trimmed), or `.invalid` with the rule's message.
    public static func storableTitle(_ text: String, noun: String) throws(TodoStoreError) -> String {
        switch Validation.title(text, noun: noun) {
        case .success(let title): title
        case .failure(let failure): throw .invalid(failure.message)
        }
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
