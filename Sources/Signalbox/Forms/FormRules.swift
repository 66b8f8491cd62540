/// The rules, labels and hints of a form type's fields, declared by key path in
/// ``FormValidatable/rules(_:)``.
///
/// A key path is matched to its field's name by decoding the type with distinct sample values,
/// so a renamed coding key (`case dueDate = "due_date"`) is followed. A key path that is not a
/// decoded field (a computed property, say) is a programming error the first decode reports.
public struct FormRules<Form: Decodable> {
    let probe: FormProbe<Form>
    var settings: [String: FormFieldSettings] = [:]
    var problems: [String] = []

    init(probe: FormProbe<Form>) {
        self.probe = probe
    }

    /// Declares `rules`, and optionally a label, a hint, one message replacing every error
    /// message of the field, the control that shows it and its `autocomplete` token.
    ///
    /// ```swift
    /// rules.field(\.title, label: "Title", hint: "Up to 200 characters.", .length(max: 200))
    /// ```
    public mutating func field<Value: Equatable & Sendable>(
        _ keyPath: KeyPath<Form, Value>,
        label: String? = nil,
        hint: String? = nil,
        message: String? = nil,
        control: FormControl? = nil,
        autocomplete: String? = nil,
        _ rules: FormRule<Value>...
    ) {
        self.add(keyPath, Value.self, label, hint, message, control, autocomplete, rules.map(FormAnyRule.init))
    }

    /// Declares rules for an optional field, checked when the user filled it in.
    public mutating func field<Value: Equatable & Sendable>(
        _ keyPath: KeyPath<Form, Value?>,
        label: String? = nil,
        hint: String? = nil,
        message: String? = nil,
        control: FormControl? = nil,
        autocomplete: String? = nil,
        _ rules: FormRule<Value>...
    ) {
        self.add(keyPath, Value.self, label, hint, message, control, autocomplete, rules.map(FormAnyRule.init))
    }

    private mutating func add<Field: Equatable, Value: Sendable>(
        _ keyPath: KeyPath<Form, Field>,
        _ valueType: Value.Type,
        _ label: String?,
        _ hint: String?,
        _ message: String?,
        _ control: FormControl?,
        _ autocomplete: String?,
        _ rules: [FormAnyRule]
    ) {
        guard let name = self.probe.name(of: keyPath) else {
            self.problems.append(
                "\(Form.self): the key path \(keyPath) is not a field the type decodes (or two fields look alike)"
            )
            return
        }
        var settings = self.settings[name] ?? FormFieldSettings()
        if let label { settings.label = label }
        if let hint { settings.hint = hint }
        if let message { settings.message = message }
        if let control { settings.control = control }
        if let autocomplete { settings.autocomplete = autocomplete }
        settings.rules += rules
        self.settings[name] = settings
    }
}

/// What the rules say about one field.
struct FormFieldSettings: Sendable {
    var label: String?
    var hint: String?
    var message: String?
    var control: FormControl?
    var autocomplete: String?
    var rules: [FormAnyRule] = []
}

/// A rule for a value of a type known at run time.
struct FormAnyRule: Sendable {
    let valueType: ObjectIdentifier
    let valueTypeName: String
    let constraint: FormConstraint?
    let check: @Sendable (Any) -> String?

    init<Value: Sendable>(_ rule: FormRule<Value>) {
        self.valueType = ObjectIdentifier(Value.self)
        self.valueTypeName = String(describing: Value.self)
        self.constraint = rule.constraint
        let check = rule.check
        self.check = { value in (value as? Value).flatMap(check) }
    }
}
