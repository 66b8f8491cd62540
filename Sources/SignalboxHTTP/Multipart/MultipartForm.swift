/// The fields and files of a `multipart/form-data` body, from ``MultipartSpooler``.
public struct MultipartForm: Sendable, Hashable {
    /// A text field.
    public struct Field: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// The field's value: valid UTF-8 without NUL bytes.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A file field.
    public struct File: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// The uploaded file.
        public var file: SpooledFile

        /// Creates a file field.
        public init(name: String, file: SpooledFile) {
            self.name = name
            self.file = file
        }
    }

    /// The text fields, in the order they were sent.
    public var fields: [Field]
    /// The files, in the order they were sent; file inputs sent without a file are left out.
    public var files: [File]

    /// Creates a form.
    public init(fields: [Field] = [], files: [File] = []) {
        self.fields = fields
        self.files = files
    }

    /// The value of the first text field named `name`.
    public func value(ofField name: String) -> String? {
        self.fields.first { $0.name == name }?.value
    }

    /// The first file sent in the field named `name`.
    public func file(named name: String) -> SpooledFile? {
        self.files.first { $0.name == name }?.file
    }
}
