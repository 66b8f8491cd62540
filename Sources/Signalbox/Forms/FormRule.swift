/// One check of a field's value, with its message: `.length(max: 200)`, `.range(1...5)`,
/// `.email`, `.custom("Pick a weekday.") { !$0.isWeekend }`.
///
/// Rules are declared in ``FormValidatable/rules(_:)`` next to the type and run while the form
/// decodes, so every field's error comes back at once.
public struct FormRule<Value: Sendable>: Sendable {
    let check: @Sendable (Value) -> String?
    let constraint: FormConstraint?

    /// A rule from a function that answers the failure message, or `nil` when `value` passes.
    /// `constraint` describes the rule to HTML and the OpenAPI document, when it can.
    public init(constraint: FormConstraint? = nil, _ check: @escaping @Sendable (Value) -> String?) {
        self.check = check
        self.constraint = constraint
    }

    /// A rule that fails with `message` when `isValid` answers `false`.
    public static func custom(_ message: String, _ isValid: @escaping @Sendable (Value) -> Bool) -> FormRule {
        FormRule { isValid($0) ? nil : message }
    }

    /// This rule with another failure message.
    public func message(_ text: String) -> FormRule {
        let check = self.check
        return FormRule(constraint: self.constraint) { check($0) == nil ? nil : text }
    }
}
