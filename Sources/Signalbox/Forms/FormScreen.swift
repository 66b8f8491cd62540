/// A screen whose form is a type of the app's: the host decodes and validates the submitted
/// fields, and ``submit(_:context:)`` receives the value only when every field passed.
/// Otherwise the screen is shown again (422) with each field's error and the user's input.
///
/// ```swift
/// struct CreateTodoScreen: FormScreen {
///     struct Form: FormValidatable {
///         var title: String
///         var due: Date?
///         static func rules(_ rules: inout FormRules<Self>) {
///             rules.field(\.title, .length(max: 200))
///         }
///     }
///     let store: TodoStore
///     var template: String { "todos/create" }
///     var title: String { "New todo" }
///     var viewModel: ViewModel { [:] }
///
///     func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
///         let id = try await store.add(title: form.title, due: form.due)
///         try await context.router(TodosCoordinator.self).route(to: \.todo, id)
///         return .accepted
///     }
/// }
/// ```
///
/// The view model gets `fields`: each field of ``Form`` by name, ready for the `field` partial
/// (`{{#fields.title}}{{>field}}{{/fields.title}}`).
public protocol FormScreen: Screen {
    /// What the form decodes to.
    associatedtype Form: Decodable
    /// Decodes dates in its time zone; the default reads them in UTC.
    var formDecoder: FormDecoder { get }
    /// Checks what only the screen can (a store lookup, say), after the fields decoded and
    /// passed their rules; runs even when some fields failed, so every error shows at once.
    /// The default finds nothing.
    func validate(_ form: Form, issues: inout FormIssues<Form>, context: ScreenContext) async throws
    /// Handles a form whose every field passed.
    func submit(_ form: Form, context: ScreenContext) async throws -> Submission
}

extension FormScreen {
    public var formDecoder: FormDecoder { FormDecoder() }

    public func validate(_ form: Form, issues: inout FormIssues<Form>, context: ScreenContext) async throws {}

    /// Decodes `form` into ``Form``, runs ``validate(_:issues:context:)``, then
    /// ``submit(_:context:)`` when nothing failed.
    public func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        var (value, issues) = try self.formDecoder.decodeCollecting(Form.self, from: form)
        if let decoded = value { try await self.validate(decoded, issues: &issues, context: context) }
        if let rejection = issues.rejection { return .invalid(rejection) }
        guard let value else { return .invalid(FormRejection(message: FormRejection.defaultMessage)) }
        return try await self.submit(value, context: context)
    }

    public static var formSchema: FormSchema? { FormSchema(of: Form.self) }
}
