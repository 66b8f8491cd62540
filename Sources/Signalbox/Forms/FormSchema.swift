/// What a form type's fields are: names, kinds, whether each is optional or repeated, labels,
/// hints and the limits its rules declare. Read from the type itself (see
/// ``FormSchema/init(of:)``); hosts use it to render fields (the `fields` of a screen's view
/// model) and to type a form body in the OpenAPI document.
public struct FormSchema: Sendable, Hashable {
    /// One field.
    public struct Field: Sendable, Hashable {
        /// The field's name in the form: a property's coding key, dotted for a nested type's
        /// field (`address.city`).
        public var name: String
        /// What the field holds.
        public var kind: Kind
        /// Whether it may be left empty (the property is optional, or a `Bool` or an array).
        public var isOptional: Bool
        /// Whether the name may repeat (an array: a group of checkboxes, a multiple select).
        public var isRepeated: Bool
        /// The label: the one its rules give, else the name in words (`dueDate` → "Due date").
        public var label: String
        /// A hint shown under the input, if its rules give one.
        public var hint: String?
        /// The control that shows it (its rules may choose another than the kind's).
        public var control: FormControl
        /// The input's `autocomplete` token (`username`, `new-password`), if its rules give one.
        public var autocomplete: String?
        /// The limits its rules declare, for HTML attributes and the OpenAPI document.
        public var constraints: [FormConstraint]
    }

    /// What a field holds.
    public enum Kind: Sendable, Hashable {
        /// Text (`String`).
        case text
        /// A whole number (any integer type).
        case integer
        /// A number (`Double`, `Float`).
        case number
        /// Yes or no (`Bool`): a checkbox, absent when unchecked.
        case checkbox
        /// A date (`Date`, from `<input type="date">` or `datetime-local`).
        case date
        /// One of a fixed set of values: a `CaseIterable` `RawRepresentable` enum, by raw value.
        case choice([String])
        /// An uploaded file.
        case file
    }

    /// The fields in the order the type decodes them.
    public var fields: [Field]

    /// The field named `name`.
    public subscript(name: String) -> Field? {
        self.fields.first { $0.name == name }
    }

    /// The schema of `type`, with the labels, hints and limits its ``FormValidatable/rules(_:)``
    /// declare.
    public init<Form: Decodable>(of type: Form.Type) {
        self = FormDefinition.of(type).schema
    }

    init(fields: [Field]) {
        self.fields = fields
    }
}

/// The control a field is shown with.
public enum FormControl: String, Sendable, Hashable, CaseIterable {
    case text, textarea, password, email, number, checkbox, date
    case dateTimeLocal = "datetime-local"
    /// A drop-down (one choice) or, for a repeated field, a list allowing several.
    case select
    /// Radio buttons: one choice.
    case radio
    /// A group of checkboxes: several choices.
    case checkboxes
    case file
    /// Not shown: an `<input type="hidden">`.
    case hidden

    /// The control a field of `kind` gets unless its rules choose another.
    static func `default`(for kind: FormSchema.Kind, repeated: Bool) -> FormControl {
        switch kind {
        case .text: .text
        case .integer, .number: .number
        case .checkbox: .checkbox
        case .date: .date
        case .choice: repeated ? .checkboxes : .select
        case .file: .file
        }
    }
}

/// A limit a rule declares, in a form other tools understand (HTML attributes, JSON Schema).
public enum FormConstraint: Sendable, Hashable {
    /// Text length in characters.
    case length(min: Int?, max: Int?)
    /// A number's bounds.
    case range(min: Double?, max: Double?)
    /// A regular expression the whole text matches.
    case pattern(String)
    /// An email address.
    case email
    /// How many values a repeated field holds.
    case count(min: Int?, max: Int?)
    /// The largest file, in bytes.
    case fileSize(max: Int)
    /// The media types a file may have (an `<input type="file">`'s `accept`).
    case accept([String])
}
