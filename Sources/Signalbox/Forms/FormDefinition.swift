import Synchronization

/// A form type as decoding needs it: its schema, and its rules and messages by field name
/// (a nested type's under its prefix). Made once per type and kept.
struct FormDefinition: Sendable {
    var schema: FormSchema
    var rules: [String: [FormAnyRule]]
    /// Messages replacing every error message of a field.
    var messages: [String: String]
    /// Programming errors in the type or its rules; decoding refuses to run while there are any.
    var problems: [String]

    private static let cache = Mutex<[ObjectIdentifier: FormDefinition]>([:])

    /// The definition of `type`, made on first use.
    static func of<Form: Decodable>(_ type: Form.Type) -> FormDefinition {
        let key = ObjectIdentifier(type)
        if let known = Self.cache.withLock({ $0[key] }) { return known }
        let made = Self.make(type)
        Self.cache.withLock { $0[key] = made }
        return made
    }

    private static func make<Form: Decodable>(_ type: Form.Type) -> FormDefinition {
        let probe = FormProbe<Form>()
        var rules = FormRules(probe: probe)
        if let validatable = Form.self as? any FormValidatable.Type {
            func declare<V: FormValidatable>(_: V.Type) -> ([String: FormFieldSettings], [String]) {
                guard let typed = rules as? FormRules<V> else { return ([:], []) }
                var copy = typed
                V.rules(&copy)
                return (copy.settings, copy.problems)
            }
            (rules.settings, rules.problems) = declare(validatable)
        }
        var settings = rules.settings
        var problems = rules.problems + (probe.failure.map { [$0] } ?? [])
        // A nested type's own rules, under its prefix (the outer type's win for the same field).
        for (prefix, nested) in probe.nested {
            let inner = Self.of(nested)
            problems += inner.problems
            for field in inner.schema.fields {
                let name = field.name
                var merged = settings[FormNames.join(prefix, name)] ?? FormFieldSettings()
                merged.label = merged.label ?? (field.label == FormNames.label(for: name) ? nil : field.label)
                merged.hint = merged.hint ?? field.hint
                merged.message = merged.message ?? inner.messages[name]
                merged.control = merged.control ?? field.control
                merged.autocomplete = merged.autocomplete ?? field.autocomplete
                merged.rules = (inner.rules[name] ?? []) + merged.rules
                settings[FormNames.join(prefix, name)] = merged
            }
        }
        var fields: [FormSchema.Field] = []
        for leaf in probe.leaves {
            let setting = settings[leaf.name] ?? FormFieldSettings()
            for rule in setting.rules where !Self.fits(rule, leaf) {
                problems.append(
                    "\(Form.self): a rule for \(leaf.name) checks \(rule.valueTypeName), which the field does not hold"
                )
            }
            fields.append(
                FormSchema.Field(
                    name: leaf.name,
                    kind: leaf.kind,
                    isOptional: leaf.isOptional,
                    isRepeated: leaf.isRepeated,
                    label: setting.label ?? FormNames.label(for: leaf.name),
                    hint: setting.hint,
                    control: setting.control ?? .default(for: leaf.kind, repeated: leaf.isRepeated),
                    autocomplete: setting.autocomplete,
                    constraints: setting.rules.compactMap(\.constraint)
                )
            )
        }
        return FormDefinition(
            schema: FormSchema(fields: fields),
            rules: settings.compactMapValues { $0.rules.isEmpty ? nil : $0.rules },
            messages: settings.compactMapValues(\.message),
            problems: problems
        )
    }

    /// Whether `rule` checks what `leaf` holds (the sample value it decoded to).
    private static func fits(_ rule: FormAnyRule, _ leaf: FormProbeLeaf) -> Bool {
        guard let sample = leaf.values.first else { return false }
        return ObjectIdentifier(type(of: sample)) == rule.valueType
    }
}
