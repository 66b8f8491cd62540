/// Errors found in a form: one message per field (the first found), and optionally one for
/// the whole form. A ``FormScreen``'s ``FormScreen/validate(_:issues:context:)`` adds the
/// errors only it can find, such as a name already taken.
///
/// ```swift
/// func validate(_ form: Form, issues: inout FormIssues<Form>, context: ScreenContext) async throws {
///     if try await store.userExists(form.username) {
///         issues.add("This username is taken.", for: \.username)
///     }
/// }
/// ```
public struct FormIssues<Form: Decodable>: Sendable {
    /// The message per field name.
    public internal(set) var fieldErrors: [String: String] = [:]
    var formMessage: String?

    public init() {}

    /// Whether no error was found.
    public var isEmpty: Bool { self.fieldErrors.isEmpty && self.formMessage == nil }

    /// Adds `message` for the field `keyPath` reads, unless that field has an error already.
    public mutating func add<Value: Equatable>(_ message: String, for keyPath: KeyPath<Form, Value>) {
        guard let name = FormProbe<Form>().name(of: keyPath) else {
            self.add(message)
            return
        }
        self.add(message, forField: name)
    }

    /// Adds `message` for the field `name` (dotted for a nested type's field).
    public mutating func add(_ message: String, forField name: String) {
        if self.fieldErrors[name] == nil { self.fieldErrors[name] = message }
    }

    /// Sets the message for the whole form (the first one set is kept).
    public mutating func add(_ message: String) {
        self.formMessage = self.formMessage ?? message
    }

    /// Whether the field `keyPath` reads has an error.
    public func hasError<Value: Equatable>(for keyPath: KeyPath<Form, Value>) -> Bool {
        FormProbe<Form>().name(of: keyPath).map { self.fieldErrors[$0] != nil } ?? false
    }

    /// The rejection these errors make, or `nil` when there are none.
    public var rejection: FormRejection? {
        guard !self.isEmpty else { return nil }
        return FormRejection(message: self.formMessage ?? FormRejection.defaultMessage, fieldErrors: self.fieldErrors)
    }
}
