/// Encodes an `Encodable` route input as a ``SegmentValue``: keyed containers become records,
/// unkeyed ones lists, single values text. An absent optional field is left out; `nil`
/// anywhere else, sets and dictionaries without an order are refused (their segment would not
/// be canonical), as is nesting past ``SegmentValue/maxDepth``.
enum SegmentEncoder {
    static func encode<T: Encodable>(_ value: T) throws(InputDecodingError) -> SegmentValue {
        let node = EncodingNode()
        do {
            try node.store(value, codingPath: [])
            return try node.finished(codingPath: [])
        } catch let error as InputDecodingError {
            throw error
        } catch {
            throw InputDecodingError("cannot be written in a path: \(error)")
        }
    }
}

/// A value being encoded; containers fill it in place.
final class EncodingNode {
    enum Kind { case unset, text, list, record }
    var kind = Kind.unset
    var text = ""
    var items: [EncodingNode] = []
    var fields: [String: EncodingNode] = [:]

    /// Encodes `value` into this node.
    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        guard codingPath.count <= SegmentValue.maxDepth else {
            throw InputDecodingError("\(codingPath.dotted): nested deeper than \(SegmentValue.maxDepth) levels")
        }
        if let primitive = value as? any SegmentPrimitive {
            try self.become(.text, codingPath: codingPath)
            self.text = primitive.segmentText
            return
        }
        if let unordered = T.self as? any UnorderedInput.Type, !unordered.encodesInOrder {
            throw InputDecodingError(
                "\(codingPath.dotted): a \(T.self) has no order, so its path segment would not be canonical; use an array"
            )
        }
        try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
    }

    /// Stores a primitive's text (the common field types skip the dynamic cast in ``store``).
    func store(text: String, codingPath: [any CodingKey]) throws {
        try self.become(.text, codingPath: codingPath)
        self.text = text
    }

    func become(_ kind: Kind, codingPath: [any CodingKey]) throws {
        guard self.kind == .unset || self.kind == kind else {
            throw InputDecodingError("\(codingPath.dotted): a value was encoded twice")
        }
        self.kind = kind
    }

    func finished(codingPath: [any CodingKey]) throws -> SegmentValue {
        switch self.kind {
        case .unset: throw InputDecodingError("\(codingPath.dotted): nothing was encoded")
        case .text: return .text(self.text)
        case .list: return .list(try self.items.map { try $0.finished(codingPath: codingPath) })
        case .record: return .record(try self.fields.mapValues { try $0.finished(codingPath: codingPath) })
        }
    }

    static func refuseNil(_ codingPath: [any CodingKey]) -> InputDecodingError {
        InputDecodingError("\(codingPath.dotted): nil can only be an absent optional field")
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RecordEncoder(node: self.node, codingPath: self.codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ListEncoder(node: self.node, codingPath: self.codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueEncoder(node: self.node, codingPath: self.codingPath)
    }
}

private struct RecordEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    /// Claims `node` as a record at once, so a record without fields is `()`, not nothing; a
    /// conflicting claim throws from the first field encoded.
    init(node: EncodingNode, codingPath: [any CodingKey]) {
        self.node = node
        self.codingPath = codingPath
        try? node.become(.record, codingPath: codingPath)
    }

    /// The node of a new field, after claiming this node as a record.
    private func field(_ name: String) throws -> EncodingNode {
        try self.node.become(.record, codingPath: self.codingPath)
        let child = EncodingNode()
        self.node.fields[name] = child
        return child
    }

    private func field(_ key: Key) throws -> EncodingNode { try self.field(key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws {
        try self.node.become(.record, codingPath: self.codingPath)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try self.field(key).store(value, codingPath: self.codingPath + [key])
    }

    // The common field types, witnessed directly so they need no dynamic cast.
    mutating func encode(_ value: String, forKey key: Key) throws {
        try self.field(key).store(text: value, codingPath: self.codingPath)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try self.field(key).store(text: String(value), codingPath: self.codingPath)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try self.field(key).store(text: value ? "true" : "false", codingPath: self.codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = (try? self.field(key)) ?? EncodingNode()
        return KeyedEncodingContainer(RecordEncoder<NestedKey>(node: child, codingPath: self.codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ListEncoder(node: (try? self.field(key)) ?? EncodingNode(), codingPath: self.codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(
            node: (try? self.field("super")) ?? EncodingNode(),
            codingPath: self.codingPath + [SegmentKey("super")]
        )
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: (try? self.field(key)) ?? EncodingNode(), codingPath: self.codingPath + [key])
    }
}

private struct ListEncoder: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    /// Claims `node` as a list at once, so an empty list is `()`, not nothing.
    init(node: EncodingNode, codingPath: [any CodingKey]) {
        self.node = node
        self.codingPath = codingPath
        try? node.become(.list, codingPath: codingPath)
    }
    var count: Int { self.node.items.count }

    private func item() throws -> (EncodingNode, [any CodingKey]) {
        try self.node.become(.list, codingPath: self.codingPath)
        let child = EncodingNode()
        let path = self.codingPath + [SegmentKey(index: self.node.items.count)]
        self.node.items.append(child)
        return (child, path)
    }

    mutating func encodeNil() throws { throw EncodingNode.refuseNil(self.codingPath) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (child, path) = try self.item()
        try child.store(value, codingPath: path)
    }

    mutating func encode(_ value: String) throws {
        let (child, path) = try self.item()
        try child.store(text: value, codingPath: path)
    }

    mutating func encode(_ value: Int) throws {
        let (child, path) = try self.item()
        try child.store(text: String(value), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        let (child, path) = (try? self.item()) ?? (EncodingNode(), self.codingPath)
        return KeyedEncodingContainer(RecordEncoder<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (child, path) = (try? self.item()) ?? (EncodingNode(), self.codingPath)
        return ListEncoder(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let (child, path) = (try? self.item()) ?? (EncodingNode(), self.codingPath)
        return NodeEncoder(node: child, codingPath: path)
    }
}

private struct ValueEncoder: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { throw EncodingNode.refuseNil(self.codingPath) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try self.node.store(value, codingPath: self.codingPath)
    }

    mutating func encode(_ value: String) throws {
        try self.node.store(text: value, codingPath: self.codingPath)
    }

    mutating func encode(_ value: Int) throws {
        try self.node.store(text: String(value), codingPath: self.codingPath)
    }
}

/// Values written as their text: strings, booleans and numbers.
protocol SegmentPrimitive {
    var segmentText: String { get }
    init?(segmentText: String)
}

extension SegmentPrimitive where Self: LosslessStringConvertible {
    var segmentText: String { self.description }
    init?(segmentText: String) { self.init(segmentText) }
}

extension String: SegmentPrimitive {}
extension Bool: SegmentPrimitive {}
extension Int: SegmentPrimitive {}
extension Int8: SegmentPrimitive {}
extension Int16: SegmentPrimitive {}
extension Int32: SegmentPrimitive {}
extension Int64: SegmentPrimitive {}
extension UInt: SegmentPrimitive {}
extension UInt8: SegmentPrimitive {}
extension UInt16: SegmentPrimitive {}
extension UInt32: SegmentPrimitive {}
extension UInt64: SegmentPrimitive {}
extension Double: SegmentPrimitive {}
extension Float: SegmentPrimitive {}

/// Collections whose encoding order is not fixed (so their segment would not be canonical).
protocol UnorderedInput {
    static var encodesInOrder: Bool { get }
}

extension Set: UnorderedInput {
    static var encodesInOrder: Bool { false }
}

extension Dictionary: UnorderedInput {
    /// Keyed by strings or integers, a dictionary encodes as a record, which is written sorted.
    static var encodesInOrder: Bool {
        Key.self == String.self || Key.self == Int.self || Key.self is any CodingKeyRepresentable.Type
    }
}

/// A coding key for list positions and `super`.
struct SegmentKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        self.stringValue = string
    }

    init(index: Int) {
        self.stringValue = String(index)
        self.intValue = index
    }

    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(index: intValue) }
}

extension [any CodingKey] {
    /// `items.2.name`, or `input` for the top level, for error messages.
    var dotted: String {
        self.isEmpty ? "input" : self.map(\.stringValue).joined(separator: ".")
    }
}
