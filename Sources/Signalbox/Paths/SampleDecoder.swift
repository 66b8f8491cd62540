import Foundation

/// Decodes a plain value of any `Decodable` type: zeros, empty strings and collections, `false`,
/// `nil` for optionals, the zero UUID and the reference date. A ``RouteMap`` builds a route's
/// child coordinator with one to list the child's routes; nothing is ever shown from it.
///
/// A type whose decoding rejects such values (an enum read from a string, a validated field)
/// has no sample: ``sample(of:)`` answers `nil`.
struct SampleDecoder: Decoder {
    /// Nesting past this is a recursive type with no finite plain value.
    static let maxDepth = 16

    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func sample<T: Decodable>(of type: T.Type) -> T? {
        try? SampleDecoder(depth: 0).decodeValue(T.self)
    }

    /// The sample of `type` when it is `Decodable` (an untyped metatype: a route's input).
    static func sample(ofAny type: Any.Type) -> Any? {
        guard let decodable = type as? any Decodable.Type else { return nil }
        func sample<D: Decodable>(_: D.Type) -> Any? { Self.sample(of: D.self) }
        return sample(decodable)
    }

    fileprivate func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        guard self.depth < Self.maxDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "too deep for a sample"))
        }
        switch type {
        case is UUID.Type: return UUID(uuidString: "00000000-0000-0000-0000-000000000000")! as! T
        case is Date.Type: return Date(timeIntervalSinceReferenceDate: 0) as! T
        case is URL.Type: return URL(string: "about:blank")! as! T
        default: return try T(from: SampleDecoder(depth: self.depth + 1))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// Every key is present and holds a sample; optionals are `nil`.
    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: SampleDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { true }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try self.decoder.decodeValue(type) }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type,
            forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try self.decoder.container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { Unkeyed() }
        func superDecoder() throws -> any Decoder { self.decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { self.decoder }
    }

    /// An empty list.
    private struct Unkeyed: UnkeyedDecodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 0 }
        var isAtEnd: Bool { true }
        var currentIndex: Int { 0 }
        private func end() -> DecodingError {
            .valueNotFound(Any.self, .init(codingPath: [], debugDescription: "a sample list is empty"))
        }
        mutating func decodeNil() throws -> Bool { throw self.end() }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw self.end() }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> { throw self.end() }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw self.end() }
        mutating func superDecoder() throws -> any Decoder { throw self.end() }
    }

    /// Zero, `""`, `false`; an optional is `nil`.
    private struct Single: SingleValueDecodingContainer {
        let decoder: SampleDecoder
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { true }
        func decode(_ type: Bool.Type) throws -> Bool { false }
        func decode(_ type: String.Type) throws -> String { "" }
        func decode(_ type: Double.Type) throws -> Double { 0 }
        func decode(_ type: Float.Type) throws -> Float { 0 }
        func decode(_ type: Int.Type) throws -> Int { 0 }
        func decode(_ type: Int8.Type) throws -> Int8 { 0 }
        func decode(_ type: Int16.Type) throws -> Int16 { 0 }
        func decode(_ type: Int32.Type) throws -> Int32 { 0 }
        func decode(_ type: Int64.Type) throws -> Int64 { 0 }
        func decode(_ type: UInt.Type) throws -> UInt { 0 }
        func decode(_ type: UInt8.Type) throws -> UInt8 { 0 }
        func decode(_ type: UInt16.Type) throws -> UInt16 { 0 }
        func decode(_ type: UInt32.Type) throws -> UInt32 { 0 }
        func decode(_ type: UInt64.Type) throws -> UInt64 { 0 }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try self.decoder.decodeValue(type) }
    }
}
