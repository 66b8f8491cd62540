import Signalbox

// A form screen's body and its 422, typed from the form's schema (``FormSchema``).

extension OpenAPIDocument {
    /// The request body of a form whose fields are `schema`'s: urlencoded, or multipart when it
    /// takes files; `_csrf` and `_submission` besides, and any other field (a button's name).
    static func typedFormBody(_ schema: FormSchema) -> ViewModel {
        var properties: [String: ViewModel] = [
            "_csrf": Self.csrfField,
            "_submission": Schema.string.described(
                "The page's one-time submission id: a repeat of an applied submission is answered, not applied again."
            ),
        ]
        var required: [String] = []
        for field in schema.fields {
            properties[field.name] = Self.fieldSchema(field)
            if !field.isOptional { required.append(field.name) }
        }
        let body: ViewModel = [
            "type": "object", "properties": .object(properties),
            "required": .list(required.map(ViewModel.string)),
            "additionalProperties": Schema.string,
        ]
        let hasFiles = schema.fields.contains { $0.kind == .file }
        var content: [String: ViewModel] = ["multipart/form-data": ["schema": body]]
        if !hasFiles { content["application/x-www-form-urlencoded"] = ["schema": body] }
        // Not required as a whole: a page whose guard redirects answers without reading its form.
        return ["required": false, "content": .object(content)]
    }

    /// One field as JSON Schema: its type, limits and choices, and its label and hint.
    static func fieldSchema(_ field: FormSchema.Field) -> ViewModel {
        var schema: [String: ViewModel]
        switch field.kind {
        case .text: schema = ["type": "string"]
        case .integer: schema = ["type": "integer"]
        case .number: schema = ["type": "number"]
        case .checkbox:
            schema = [
                "type": "string",
                "description": "A checkbox: on (or true, 1, yes) when checked, absent when not.",
            ]
        case .date:
            schema = ["type": "string", "pattern": #"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?$"#]
        case .choice(let values): schema = ["type": "string", "enum": .list(values.map(ViewModel.string))]
        case .file: schema = ["type": "string", "format": "binary"]
        }
        for constraint in field.constraints {
            switch constraint {
            case .length(let min, let max):
                if let min { schema["minLength"] = .int(min) }
                if let max { schema["maxLength"] = .int(max) }
            case .range(let min, let max):
                if let min { schema["minimum"] = .double(min) }
                if let max { schema["maximum"] = .double(max) }
            case .pattern(let pattern): schema["pattern"] = .string("^(?:\(pattern))$")
            case .email: schema["format"] = "email"
            case .count, .fileSize, .accept: break
            }
        }
        // A required text field refuses a blank value.
        if !field.isOptional && field.kind == .text && schema["minLength"] == nil { schema["minLength"] = 1 }
        let words = [field.label, field.hint].compactMap { $0 }.joined(separator: ". ")
        if schema["description"] == nil { schema["description"] = .string(words) }
        guard field.isRepeated else { return .object(schema) }
        var array: [String: ViewModel] = ["type": "array", "items": .object(schema), "description": .string(words)]
        for case .count(let min, let max) in field.constraints {
            if let min { array["minItems"] = .int(min) }
            if let max { array["maxItems"] = .int(max) }
        }
        return .object(array)
    }

    /// A 422 of a form with `schema`'s fields: the page's state, the message, and a message per
    /// field by the fields' names.
    static func typedInvalidForm(_ schema: FormSchema) -> ViewModel {
        var fieldErrors: [String: ViewModel] = [:]
        for field in schema.fields {
            fieldErrors[field.name] = Schema.string.described("Why \(field.label) was refused.")
        }
        var properties = Self.stateProperties.merging(Self.invalidFormProperties) { $1 }
        properties["fieldErrors"] = [
            "type": "object", "properties": .object(fieldErrors), "additionalProperties": Schema.string,
        ]
        return [
            "description":
                .string(
                    "The form was rejected: the page again with the input and a message per field (\(schema.fields.map(\.name).joined(separator: ", ")))."
                ),
            "content": [
                "application/json": ["schema": Schema.object(properties)], "text/html": ["schema": Schema.string],
            ],
        ]
    }

    /// The `download` parameter of a page.
    static let downloadParameter: ViewModel = [
        "name": "download", "in": "query", "required": false, "schema": Schema.string,
        "description":
            "A file the page's screen offers (Screen.download): answered as an attachment, or 404 when the screen has none by that name.",
    ]
}
