import Signalbox

/// The demo's ``Validation`` rules as form rules, so a form shows the same messages the store
/// would refuse a value with, and the browser gets the same limits as attributes.
extension FormRule where Value == String {
    /// A todo title or project name: at most ``Validation/maxTitleLength`` characters, trimmed.
    static func title(noun: String = "title") -> FormRule {
        FormRule(constraint: .length(min: nil, max: Validation.maxTitleLength)) {
            Validation.title($0, noun: noun).failure?.message
        }
    }

    /// A new username: 3 to 32 characters from a–z, 0–9, `-` and `_` (upper case is lowered).
    static var username: FormRule {
        FormRule(constraint: .length(min: 3, max: 32)) { Validation.username($0).failure?.message }
    }

    /// A new password: ``Validation/minPasswordLength`` to ``Validation/maxPasswordLength``
    /// characters.
    static var newPassword: FormRule {
        FormRule(constraint: .length(min: Validation.minPasswordLength, max: Validation.maxPasswordLength)) {
            Validation.password($0, confirmation: $0).failure?.message
        }
    }
}

extension Result where Failure == Validation.Failure {
    /// The failure, if this is one.
    var failure: Validation.Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
