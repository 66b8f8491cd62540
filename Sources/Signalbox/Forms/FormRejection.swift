/// Why a form was refused: a message for the whole form and a message per field, by the
/// field's name (`"title"`, `"address.city"` for a nested type's field).
///
/// A screen returns one with ``Submission/invalid(_:)`` or throws it (``FormDecoder`` and
/// ``FormData/decode(_:using:)`` throw one listing every field's error); either way the host
/// shows the form again with status 422, the user's input kept.
public struct FormRejection: Error, Sendable, Equatable {
    /// The message for the whole form.
    public var message: String
    /// One message per field that failed, by field name.
    public var fieldErrors: [String: String]

    public init(message: String, fieldErrors: [String: String] = [:]) {
        self.message = message
        self.fieldErrors = fieldErrors
    }

    /// The message a rejection made by decoding or validation carries for the whole form.
    public static let defaultMessage = "Please correct the marked fields."
}
