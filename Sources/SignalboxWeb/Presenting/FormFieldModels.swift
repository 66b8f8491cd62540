import Signalbox

/// The `fields` and `formFields` a ``FormScreen``'s template sees: one object per field of its
/// form, ready for the `partials/field` partial, with the user's input and the field's error
/// after a rejection (422).
///
/// Every key is set on every field (`null` or `false` when it does not apply), so a field's
/// section never reads a name from the page around it.
enum FormFieldModels {
    /// `fields` (by name; a nested type's fields under its name: `fields.address.city`) and
    /// `formFields` (the same objects, in order).
    /// `focus`: whether the form is the page's top screen, whose first field (after a
    /// rejection: first invalid field) gets `autofocus`.
    static func fields(_ schema: FormSchema, echo: FormEcho?, focus: Bool) -> ViewModel.Fields {
        let firstInvalid = echo.flatMap { echo in
            echo.rejection.flatMap { rejection in schema.fields.first { rejection.fieldErrors[$0.name] != nil }?.name }
        }
        let focus =
            !focus ? nil : echo?.rejection == nil ? schema.fields.first { $0.control != .hidden }?.name : firstInvalid
        var byName = ViewModel.Fields()
        var list: [ViewModel] = []
        list.reserveCapacity(schema.fields.count)
        for field in schema.fields {
            let model = Self.model(field, echo: echo, autofocus: field.name == focus)
            list.append(model)
            Self.insert(model, at: field.name.split(separator: ".")[...], into: &byName)
        }
        let hasFiles = schema.fields.contains { $0.kind == .file }
        return [
            "fields": .object(byName), "formFields": .list(list),
            "formEnctype": .string(hasFiles ? "multipart/form-data" : "application/x-www-form-urlencoded"),
        ]
    }

    private static func insert(_ model: ViewModel, at path: ArraySlice<Substring>, into fields: inout ViewModel.Fields)
    {
        guard let first = path.first else { return }
        let key = String(first)
        if path.count == 1 {
            fields[key] = model
            return
        }
        var nested: ViewModel.Fields
        if case .object(let existing)? = fields[key] { nested = existing } else { nested = ViewModel.Fields() }
        Self.insert(model, at: path.dropFirst(), into: &nested)
        fields[key] = .object(nested)
    }

    static func model(_ field: FormSchema.Field, echo: FormEcho?, autofocus: Bool) -> ViewModel {
        let id = "field-" + field.name.map { $0 == "." ? "-" : $0 }.map(String.init).joined()
        let sent = echo?.values(of: field.name) ?? []
        let error = echo?.rejection?.fieldErrors[field.name]
        let hintID = field.hint == nil ? nil : id + "-hint"
        let errorID = error == nil ? nil : id + "-error"
        let describedBy = [hintID, errorID].compactMap { $0 }.joined(separator: " ")
        let control = field.control
        let isGroup = control == .radio || control == .checkboxes
        let isSingleInput = ![.checkbox, .select, .textarea, .hidden].contains(control) && !isGroup
        let options: [ViewModel] =
            if case .choice(let values) = field.kind {
                values.enumerated().map { index, value in
                    [
                        "value": .string(value), "label": .string(FormFieldModels.optionLabel(value)),
                        "id": .string("\(id)-\(index)"), "selected": .bool(sent.contains(value)),
                    ]
                }
            } else {
                []
            }
        var length: (min: Int?, max: Int?) = (nil, nil)
        var range: (min: Double?, max: Double?) = (nil, nil)
        var pattern: String?
        var accept: [String] = []
        for constraint in field.constraints {
            switch constraint {
            case .length(let min, let max): length = (min ?? length.min, max ?? length.max)
            case .range(let min, let max): range = (min ?? range.min, max ?? range.max)
            case .pattern(let text): pattern = text
            case .accept(let types): accept += types
            case .email, .count, .fileSize: break
            }
        }
        let isRequired = !field.isOptional
        let fields: ViewModel.Fields = [
            "name": .string(field.name),
            "id": .string(id),
            "label": .string(field.label),
            "hint": Self.string(field.hint),
            "hintID": Self.string(hintID),
            "error": Self.string(error),
            "errorID": Self.string(errorID),
            "invalid": .bool(error != nil),
            "describedBy": describedBy.isEmpty ? .null : .string(describedBy),
            "required": .bool(isRequired && field.kind != .checkbox),
            "autofocus": .bool(autofocus),
            "value": control == .password ? .null : Self.string(sent.first),
            "checked": .bool(field.kind == .checkbox && sent.contains { Self.isChecked($0) }),
            "inputType": .string(control.rawValue),
            "isInput": .bool(isSingleInput),
            "isHidden": .bool(control == .hidden),
            "isCheckbox": .bool(control == .checkbox),
            "isTextarea": .bool(control == .textarea),
            "isSelect": .bool(control == .select),
            "isGroup": .bool(isGroup),
            "groupType": .string(control == .radio ? "radio" : "checkbox"),
            // `multiple` is valid HTML on a select, a file input and an email input only.
            "multiple": .bool(field.isRepeated && [.select, .file, .email].contains(control)),
            "options": .list(options),
            "minLength": Self.string(length.min.map(String.init)),
            "maxLength": Self.string(length.max.map(String.init)),
            "min": Self.number(range.min),
            "max": Self.number(range.max),
            "step": field.kind == .integer ? "1" : field.kind == .number ? "any" : .null,
            "pattern": Self.string(pattern),
            "autocomplete": Self.string(field.autocomplete),
            "accept": accept.isEmpty ? .null : .string(accept.joined(separator: ",")),
        ]
        return .object(fields)
    }

    /// `high` → "High", `in_progress` → "In progress".
    static func optionLabel(_ value: String) -> String {
        let words = value.map { $0 == "_" || $0 == "-" ? " " : String($0) }.joined()
        guard let first = words.first else { return value }
        return first.uppercased() + words.dropFirst()
    }

    private static func isChecked(_ text: String) -> Bool {
        ["on", "true", "1", "yes"].contains(text.lowercased())
    }

    private static func string(_ text: String?) -> ViewModel { text.map(ViewModel.string) ?? .null }
    /// A bound as attribute text (a string, so that `0` is not a false section).
    private static func number(_ value: Double?) -> ViewModel {
        guard let value else { return .null }
        if let integer = Int(exactly: value) { return .string(String(integer)) }
        return .string(String(value))
    }
}
