extension FormData {
    /// The form as a `Form` (see ``FormDecoder``); for screens with several forms, whose
    /// ``Screen/submit(_:context:)`` picks one by a field.
    ///
    /// ```swift
    /// let rename = try form.decode(Rename.self)   // throws FormRejection: shown again (422)
    /// ```
    ///
    /// - Throws: ``FormRejection`` listing every field's error, or ``FormDefinitionError``.
    public func decode<Form: Decodable>(_ type: Form.Type, using decoder: FormDecoder = FormDecoder()) throws -> Form {
        try decoder.decode(type, from: self)
    }
}
