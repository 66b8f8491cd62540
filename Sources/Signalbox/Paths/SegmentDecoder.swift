/// Decodes a `Decodable` route input from a ``SegmentValue``: records for keyed containers,
/// lists for unkeyed ones, text for single values. An absent field is `nil` for an optional
/// property; every other mismatch throws a reason naming the field (`tags.1: expected Int`).
enum SegmentDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from value: SegmentValue) throws(InputDecodingError) -> T {
        do {
            return try Self.value(type, from: value, codingPath: [])
        } catch let error as InputDecodingError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw InputDecodingError("\(context.codingPath.dotted): \(context.debugDescription)")
        } catch {
            throw InputDecodingError("\(error)")
        }
    }

    /// A primitive's text (the common field types skip the dynamic cast in ``value(_:from:codingPath:)``).
    static func text(_ value: SegmentValue, expected: String, codingPath: [any CodingKey]) throws -> String {
        guard case .text(let text) = value else {
            throw InputDecodingError("\(codingPath.dotted): expected \(expected), got \(value.summary)")
        }
        return text
    }

    static func int(_ value: SegmentValue, codingPath: [any CodingKey]) throws -> Int {
        let text = try Self.text(value, expected: "Int", codingPath: codingPath)
        guard let int = Int(text) else {
            throw InputDecodingError("\(codingPath.dotted): expected Int, got \(value.summary)")
        }
        return int
    }

    static func bool(_ value: SegmentValue, codingPath: [any CodingKey]) throws -> Bool {
        switch try Self.text(value, expected: "Bool", codingPath: codingPath) {
        case "true": return true
        case "false": return false
        default: throw InputDecodingError("\(codingPath.dotted): expected Bool, got \(value.summary)")
        }
    }

    static func value<T: Decodable>(_ type: T.Type, from value: SegmentValue, codingPath: [any CodingKey]) throws -> T {
        if let primitive = T.self as? any SegmentPrimitive.Type {
            guard case .text(let text) = value, let decoded = primitive.init(segmentText: text) else {
                throw InputDecodingError("\(codingPath.dotted): expected \(T.self), got \(value.summary)")
            }
            return decoded as! T
        }
        return try T(from: NodeDecoder(value: value, codingPath: codingPath))
    }
}

extension SegmentValue {
    /// What a value is, for error messages: `"abc"`, a list, a record.
    var summary: String {
        switch self {
        case .text(let text): "\"\(text.prefix(64))\""
        case .list: "a list"
        case .record: "a record"
        }
    }
}

private struct NodeDecoder: Decoder {
    let value: SegmentValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch self.value {
        case .record(let fields):
            return KeyedDecodingContainer(RecordDecoder<Key>(fields: fields, codingPath: self.codingPath))
        case .list(let items) where items.isEmpty:
            return KeyedDecodingContainer(RecordDecoder<Key>(fields: [:], codingPath: self.codingPath))
        default:
            throw InputDecodingError(
                "\(self.codingPath.dotted): expected a record (name=value,…), got \(self.value.summary)"
            )
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items) = self.value else {
            throw InputDecodingError("\(self.codingPath.dotted): expected a list (a,b,…), got \(self.value.summary)")
        }
        return ListDecoder(items: items, codingPath: self.codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueDecoder(value: self.value, codingPath: self.codingPath)
    }
}

private struct RecordDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: SegmentValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { self.fields.keys.sorted().compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { self.fields[key.stringValue] != nil }

    private func field(_ key: Key) throws -> SegmentValue {
        guard let value = self.fields[key.stringValue] else {
            throw InputDecodingError("\((self.codingPath + [key]).dotted): missing")
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { !self.contains(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try SegmentDecoder.value(type, from: try self.field(key), codingPath: self.codingPath + [key])
    }

    // The common field types, witnessed directly so they need no dynamic cast.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try SegmentDecoder.text(try self.field(key), expected: "String", codingPath: self.codingPath + [key])
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try SegmentDecoder.int(try self.field(key), codingPath: self.codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try SegmentDecoder.bool(try self.field(key), codingPath: self.codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(value: try self.field(key), codingPath: self.codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(value: try self.field(key), codingPath: self.codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        NodeDecoder(value: self.fields["super"] ?? .list([]), codingPath: self.codingPath + [SegmentKey("super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(value: try self.field(key), codingPath: self.codingPath + [key])
    }
}

private struct ListDecoder: UnkeyedDecodingContainer {
    let items: [SegmentValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [SegmentValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { self.items.count }
    var isAtEnd: Bool { self.currentIndex >= self.items.count }

    private mutating func next() throws -> (SegmentValue, [any CodingKey]) {
        let path = self.codingPath + [SegmentKey(index: self.currentIndex)]
        guard !self.isAtEnd else { throw InputDecodingError("\(path.dotted): missing (the list is too short)") }
        defer { self.currentIndex += 1 }
        return (self.items[self.currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try self.next()
        return try SegmentDecoder.value(type, from: value, codingPath: path)
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let (value, path) = try self.next()
        return try SegmentDecoder.text(value, expected: "String", codingPath: path)
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        let (value, path) = try self.next()
        return try SegmentDecoder.int(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (value, path) = try self.next()
        return try NodeDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try self.next()
        return try NodeDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try self.next()
        return NodeDecoder(value: value, codingPath: path)
    }
}

private struct ValueDecoder: SingleValueDecodingContainer {
    let value: SegmentValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try SegmentDecoder.value(type, from: self.value, codingPath: self.codingPath)
    }

    func decode(_ type: String.Type) throws -> String {
        try SegmentDecoder.text(self.value, expected: "String", codingPath: self.codingPath)
    }

    func decode(_ type: Int.Type) throws -> Int {
        try SegmentDecoder.int(self.value, codingPath: self.codingPath)
    }
}
