import SignalboxWeb

/// Validates JSON values against the JSON Schema subset ``OpenAPIDocument`` writes: `$ref`,
/// `type` (one or a list), `properties`, `required`, `additionalProperties`, `items`, `enum`,
/// `const`, `anyOf` and `oneOf`. Other keywords (`description`, `format`, `examples`) do not
/// constrain.
struct SchemaValidator {
    let document: ViewModel

    func check(_ value: ViewModel, against schema: ViewModel, at path: String, into problems: inout [String]) {
        if let reference = schema["$ref"]?.stringValue {
            guard let target = self.target(of: reference) else {
                return problems.append("\(path): $ref \(reference) leads nowhere in the document")
            }
            return self.check(value, against: target, at: path, into: &problems)
        }
        if let types = schema["type"] {
            let allowed = types.listItems?.compactMap(\.stringValue) ?? [types.stringValue].compactMap { $0 }
            guard allowed.contains(where: { Self.matches(value, type: $0) }) else {
                return problems.append(
                    "\(path): expected \(allowed.joined(separator: " or ")), got \(Self.typeName(value))"
                )
            }
        }
        if let constant = schema["const"], constant != value {
            problems.append("\(path): expected \(Self.text(constant)), got \(Self.text(value))")
        }
        if let options = schema["enum"]?.listItems, !options.contains(value) {
            problems.append(
                "\(path): \(Self.text(value)) is not one of \(options.map(Self.text).joined(separator: ", "))"
            )
        }
        if let choices = schema["anyOf"]?.listItems {
            let failures = self.failures(of: value, against: choices, at: path)
            if !failures.contains(where: \.isEmpty) {
                problems.append("\(path): matches none of anyOf (\(failures.flatMap { $0 }.joined(separator: "; ")))")
            }
        }
        if let choices = schema["oneOf"]?.listItems {
            let failures = self.failures(of: value, against: choices, at: path)
            let matching = failures.filter(\.isEmpty).count
            if matching != 1 {
                problems.append(
                    "\(path): matches \(matching) of oneOf, not exactly one (\(failures.flatMap { $0 }.joined(separator: "; ")))"
                )
            }
        }
        if case .object(let fields) = value {
            self.checkObject(fields, against: schema, at: path, into: &problems)
        }
        if case .list(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                self.check(item, against: itemSchema, at: "\(path)[\(index)]", into: &problems)
            }
        }
    }

    /// What a local `$ref` (`#/components/...`) names, if anything.
    func target(of reference: String) -> ViewModel? {
        guard reference.hasPrefix("#/") else { return nil }
        var target: ViewModel? = self.document
        for part in reference.dropFirst(2).split(separator: "/") { target = target?[String(part)] }
        return target
    }

    /// What each choice finds wrong with `value` (an empty list: it matches).
    private func failures(of value: ViewModel, against choices: [ViewModel], at path: String) -> [[String]] {
        choices.map { choice in
            var found: [String] = []
            self.check(value, against: choice, at: path, into: &found)
            return found
        }
    }

    private func checkObject(
        _ fields: ViewModel.Fields,
        against schema: ViewModel,
        at path: String,
        into problems: inout [String]
    ) {
        let properties = schema["properties"]?.objectFields ?? [:]
        for name in schema["required"]?.listItems?.compactMap(\.stringValue) ?? [] where fields[name] == nil {
            problems.append("\(path): missing required key \"\(name)\"")
        }
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            if let property = properties[name] {
                self.check(field, against: property, at: "\(path).\(name)", into: &problems)
            } else if let additional = schema["additionalProperties"] {
                if additional == .bool(false) {
                    problems.append("\(path): key \"\(name)\" is not in the document")
                } else if additional != .bool(true) {
                    self.check(field, against: additional, at: "\(path).\(name)", into: &problems)
                }
            }
        }
    }

    private static func matches(_ value: ViewModel, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double),
            ("string", .string), ("array", .list), ("object", .object):
            true
        default: false
        }
    }

    private static func typeName(_ value: ViewModel) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .list: "array"
        case .object: "object"
        }
    }

    private static func text(_ value: ViewModel) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return String(writer.output.prefix(80))
    }
}
