public import Foundation

/// Decodes a submitted form into a `Decodable` type of the app's, checking every field and
/// every rule, so one rejection lists all the errors.
///
/// ```swift
/// enum Priority: String, CaseIterable, Decodable { case low, normal, high }
/// struct NewTodo: Decodable {
///     var title: String          // required: blank is "This field is required."
///     var due: Date?             // <input type="date">; empty is nil
///     var priority: Priority     // "Choose one of: low, normal, high."
///     var urgent: Bool           // a checkbox: absent is false
///     var tags: [String]         // a repeated name
/// }
/// let todo = try FormDecoder().decode(NewTodo.self, from: form)   // throws FormRejection
/// ```
///
/// What each type reads:
/// - `String`: the text as sent; a blank required field is an error, a blank optional one `nil`.
/// - integers, `Double`, `Float`, `Decimal`: decimal text ("Enter a whole number.", "Enter a number.").
/// - `UUID`: its text form ("Enter a valid identifier.").
/// - `Bool`: a checkbox (`on`, `true`, `1`, `yes`; absent is `false`).
/// - `Date`: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`, in ``timeZone``.
/// - a `CaseIterable` enum with raw values: one of its raw values.
/// - arrays of these: every value sent under the name (blanks skipped).
/// - a nested `Decodable` type: its fields as `name.field`.
///
/// Decoding never traps: input that is not a value of the type becomes a field's message in
/// the ``FormRejection`` (status 422). A type that cannot be a form (a rule for a field the type
/// does not decode, say) throws ``FormDefinitionError`` on every decode, so tests catch it.
public struct FormDecoder: Sendable {
    /// The time zone dates without one are read in (a browser's date input sends none).
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .gmt) {
        self.timeZone = timeZone
    }

    /// `form` as a `Form`.
    ///
    /// - Throws: ``FormRejection`` with every field's error, or ``FormDefinitionError``.
    public func decode<Form: Decodable>(_ type: Form.Type, from form: FormData) throws -> Form {
        let (value, issues) = try self.decodeCollecting(type, from: form)
        if let rejection = issues.rejection { throw rejection }
        guard let value else { throw FormRejection(message: FormRejection.defaultMessage) }
        return value
    }

    /// Decodes as far as the input allows: the value (with stand-ins for fields that failed,
    /// `nil` when a failed field had none) and the errors.
    func decodeCollecting<Form: Decodable>(
        _ type: Form.Type,
        from form: FormData
    ) throws -> (Form?, FormIssues<Form>) {
        let definition = FormDefinition.of(type)
        if !definition.problems.isEmpty {
            throw FormDefinitionError(definition.problems.joined(separator: "; "))
        }
        let state = FormDecodingState(form: form, definition: definition, options: self)
        var value: Form?
        do {
            value = try Form(from: FormValueDecoder(state: state, prefix: ""))
        } catch is FormDecodingStop {
            value = nil
        } catch let error as FormDefinitionError {
            throw error
        } catch {
            // A type's own decoding refused the input in a way the fields did not: one message.
            state.fail("", "The form could not be read: \(Self.describe(error)).")
            value = nil
        }
        var issues = FormIssues<Form>()
        issues.fieldErrors = state.errors
        issues.formMessage = state.formMessage
        return (value, issues)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            context.debugDescription
        default: "\(error)"
        }
    }
}

/// Thrown through a type's `init(from:)` to stop decoding after a field that has no stand-in
/// (its error is recorded).
struct FormDecodingStop: Error {}
