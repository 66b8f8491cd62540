/// The fields of a submitted form, in the order they were sent, and its uploaded files. A name
/// may repeat.
///
/// A host fills it from what the user submitted; tests build it from a literal:
/// `let form: FormData = ["title": "Buy milk"]`.
public struct FormData: Sendable, Hashable {
    /// Every uploaded file (a `multipart/form-data` form's file inputs), in the order sent.
    public var files: [(name: String, file: FormFile)] {
        get { self.fileStorage.map { ($0.name, $0.file) } }
        set { self.fileStorage = newValue.map { FileField(name: $0.name, file: $0.file) } }
    }

    private var fileStorage: [FileField] = []

    private struct FileField: Sendable, Hashable {
        var name: String
        var file: FormFile
    }

    /// Every field as sent.
    public var fields: [(name: String, value: String)] {
        get { self.storage.map { ($0.name, $0.value) } }
        set { self.storage = newValue.map { Field(name: $0.name, value: $0.value) } }
    }

    private var storage: [Field]

    private struct Field: Sendable, Hashable {
        var name: String
        var value: String
    }

    public init(_ fields: [(name: String, value: String)] = []) {
        self.storage = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// A form with text fields and uploaded files.
    public init(_ fields: [(name: String, value: String)], files: [(name: String, file: FormFile)]) {
        self.storage = fields.map { Field(name: $0.name, value: $0.value) }
        self.fileStorage = files.map { FileField(name: $0.name, file: $0.file) }
    }

    /// The first value sent for `name`, or `nil`.
    public subscript(name: String) -> String? {
        self.storage.first { $0.name == name }?.value
    }

    /// Every value sent for `name`.
    public func values(named name: String) -> [String] {
        self.storage.filter { $0.name == name }.map(\.value)
    }

    /// Appends a field.
    public mutating func append(_ name: String, _ value: String) {
        self.storage.append(Field(name: name, value: value))
    }

    /// Every file uploaded under `name`.
    public func files(named name: String) -> [FormFile] {
        self.fileStorage.filter { $0.name == name }.map(\.file)
    }

    /// Whether no field and no file was sent.
    public var isEmpty: Bool { self.storage.isEmpty && self.fileStorage.isEmpty }
}

extension FormData: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { (name: $0.0, value: $0.1) })
    }
}
