// The three containers of ``ViewModelWriter``. The keyed one overrides every concrete
// `encode(_:forKey:)` and `encodeIfPresent(_:forKey:)`: a synthesized `encode(to:)` calls those
// for its `String`, `Int`, `Bool` and `Double` properties, so they are appended without a trip
// through the generic path; a `nil` is written as null (a template's `{{^project}}` and a JSON
// client see the field either way).

struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: ViewModelWriter
    var codingPath: [any CodingKey] { self.writer.codingPath }

    private func set(_ value: ViewModel, _ key: Key) { self.writer.fields[key.stringValue] = value }

    mutating func encodeNil(forKey key: Key) throws { self.set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { self.set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { self.set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { self.set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { self.set(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { self.set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { self.set(.int(Int(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { self.set(.int(Int(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { self.set(.int(Int(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { self.set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { self.set(.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { self.set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { self.set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { self.set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { self.set(.integer(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.set(try self.writer.box(value, at: key), key)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        self.set(value.map { .bool($0) } ?? .null, key)
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        self.set(value.map { .string($0) } ?? .null, key)
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        self.set(value.map { .double($0) } ?? .null, key)
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        self.set(value.map { .double(Double($0)) } ?? .null, key)
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        self.set(value.map { .int($0) } ?? .null, key)
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try self.optional(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try self.optional(value, key) }

    private mutating func optional<T: Encodable>(_ value: T?, _ key: Key) throws {
        guard let value else { return self.set(.null, key) }
        try self.encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        self.writer.nested(at: .field(key.stringValue), key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.writer.nested(at: .field(key.stringValue), key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        self.writer.nested(at: .field("super"), key: ViewModelKey("super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.writer.nested(at: .field(key.stringValue), key: key)
    }
}

struct ListContainer: UnkeyedEncodingContainer {
    let writer: ViewModelWriter
    var codingPath: [any CodingKey] { self.writer.codingPath }
    var count: Int { self.writer.items.count }

    private func key() -> any CodingKey { ViewModelKey(index: self.writer.items.count) }

    mutating func encodeNil() throws { self.writer.items.append(.null) }
    mutating func encode(_ value: Bool) throws { self.writer.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { self.writer.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { self.writer.items.append(.double(value)) }
    mutating func encode(_ value: Int) throws { self.writer.items.append(.int(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try self.writer.appendItem(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        self.placeholder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        self.placeholder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        self.placeholder()
    }

    /// A writer for the next item, which holds null until the writer is collected.
    private mutating func placeholder() -> ViewModelWriter {
        let key = self.key()
        self.writer.items.append(.null)
        return self.writer.nested(at: .item(self.writer.items.count - 1), key: key)
    }
}

struct SingleContainer: SingleValueEncodingContainer {
    let writer: ViewModelWriter
    var codingPath: [any CodingKey] { self.writer.codingPath }

    private func set(_ value: ViewModel) { self.writer.written = .single(value) }

    mutating func encodeNil() throws { self.set(.null) }
    mutating func encode(_ value: Bool) throws { self.set(.bool(value)) }
    mutating func encode(_ value: String) throws { self.set(.string(value)) }
    mutating func encode(_ value: Double) throws { self.set(.double(value)) }
    mutating func encode(_ value: Float) throws { self.set(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { self.set(.int(value)) }
    mutating func encode(_ value: Int8) throws { self.set(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { self.set(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { self.set(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { self.set(.int(Int(value))) }
    mutating func encode(_ value: UInt) throws { self.set(.integer(value)) }
    mutating func encode(_ value: UInt8) throws { self.set(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { self.set(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { self.set(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { self.set(.integer(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        self.set(try ViewModelWriter.box(value))
    }
}

/// A coding key for positions and the `super` field.
struct ViewModelKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        self.stringValue = name
        self.intValue = nil
    }

    init(index: Int) {
        self.stringValue = String(index)
        self.intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

extension ViewModel {
    /// An unsigned integer: `.int` when it fits, else `.double`.
    static func integer<T: UnsignedInteger>(_ value: T) -> ViewModel {
        Int(exactly: value).map(ViewModel.int) ?? .double(Double(value))
    }
}
