/// A form type that declares its fields' rules, labels and hints next to its properties.
///
/// ```swift
/// struct NewTodo: FormValidatable {
///     var title: String
///     var due: Date?
///     var priority: Priority
///
///     static func rules(_ rules: inout FormRules<Self>) {
///         rules.field(\.title, hint: "Up to 200 characters.", .length(max: 200))
///         rules.field(\.due, label: "Due on", .atLeast(.now.addingTimeInterval(-86_400)))
///     }
/// }
/// ```
///
/// ``FormDecoder`` runs the rules while it decodes, so a rejection lists every field's error at
/// once; a nested type's own rules apply to its fields (`address.city`).
public protocol FormValidatable: Decodable {
    /// Declares the rules; called once per type.
    static func rules(_ rules: inout FormRules<Self>)
}
