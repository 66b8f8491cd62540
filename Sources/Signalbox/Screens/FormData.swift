/// The fields of a submitted form, in the order they were sent. A name may repeat.
///
/// A host fills it from what the user submitted; tests build it from a literal:
/// `let form: FormData = ["title": "Buy milk"]`.
public struct FormData: Sendable, Hashable {
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

    /// Whether no field was sent.
    public var isEmpty: Bool { self.storage.isEmpty }
}

extension FormData: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { (name: $0.0, value: $0.1) })
    }
}
