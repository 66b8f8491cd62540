/// Learns a form type's fields by decoding it with sample values: each field's name, kind and
/// optionality, and (from values unique to each field) which field a key path reads.
///
/// Text, numbers and dates get a value unique to the field. `Bool`s and choices have too few
/// values for that, so the type is decoded several times: in decode `bit`, the field with index
/// `i` gets bit `bit` of `i + 1` (false/true, first/second case), and no two fields share all
/// their bits.
final class FormProbe<Form: Decodable> {
    private(set) var leaves: [FormProbeLeaf] = []
    /// Nested types with rules of their own, by the prefix of their fields' names.
    private(set) var nested: [(prefix: String, type: any FormValidatable.Type)] = []
    private(set) var instances: [Form] = []
    /// Why the type could not be probed (its decoding refused the sample values).
    private(set) var failure: String?

    init() {
        let first = FormProbeState(bit: 0)
        do {
            self.instances.append(try Form(from: FormProbeDecoder(state: first, prefix: "")))
        } catch {
            self.failure = "\(Form.self) cannot be decoded from sample values: \(error)"
            return
        }
        self.leaves = first.leaves
        self.nested = first.nested
        // Field `i` is told apart by the bits of `i + 1`, at most the leaf count.
        let bits = Int.bitWidth - first.leaves.count.leadingZeroBitCount
        for bit in 1..<max(bits, 1) {
            let state = FormProbeState(bit: bit)
            guard let instance = try? Form(from: FormProbeDecoder(state: state, prefix: "")),
                state.leaves.count == self.leaves.count
            else {
                self.failure = "\(Form.self) decodes differently from one sample to the next"
                return
            }
            self.instances.append(instance)
            for index in self.leaves.indices { self.leaves[index].values += state.leaves[index].values }
        }
    }

    /// The name of the field `keyPath` reads, when exactly one field matches.
    func name<Value: Equatable>(of keyPath: KeyPath<Form, Value>) -> String? {
        guard !self.instances.isEmpty else { return nil }
        let read = self.instances.map { $0[keyPath: keyPath] }
        let matches = self.leaves.filter { leaf in
            leaf.values.count == read.count && zip(leaf.values, read).allSatisfy { ($0 as? Value) == $1 }
        }
        return matches.count == 1 ? matches[0].name : nil
    }
}

/// A field a probe found.
struct FormProbeLeaf {
    var name: String
    var kind: FormSchema.Kind
    var isOptional: Bool
    var isRepeated: Bool
    /// The value the field got in each decode.
    var values: [Any]
}

/// One decode of a probe: the bit it uses and the fields seen so far.
final class FormProbeState {
    let bit: Int
    var leaves: [FormProbeLeaf] = []
    var nested: [(prefix: String, type: any FormValidatable.Type)] = []
    /// The field whose `decodeNil` was just asked: its `decode` is for an optional.
    var optionalName: String?

    init(bit: Int) {
        self.bit = bit
    }

    /// A sample value of `type` for the field `name`, recorded as a field when it is one.
    func value<T: Decodable>(_ type: T.Type, name: String, optional: Bool) throws -> T {
        if let wrapped = T.self as? any FormOptionalValue.Type {
            func sample<W: Decodable>(_: W.Type) throws -> Any { try self.value(W.self, name: name, optional: true) }
            return wrapped.init(formWrapped: try sample(wrapped.formWrappedType)) as! T
        }
        let index = self.leaves.count
        if let (sample, kind) = self.leaf(T.self, index: index) {
            let optional = optional || T.self == Bool.self
            self.leaves.append(.init(name: name, kind: kind, isOptional: optional, isRepeated: false, values: [sample]))
            return sample as! T
        }
        if let repeated = T.self as? any FormRepeatedValue.Type {
            func element<E: Decodable>(_: E.Type) -> (Any, FormSchema.Kind)? { self.leaf(E.self, index: index) }
            guard let (sample, kind) = element(repeated.formElementType) else {
                throw FormDefinitionError("\(name): a list of \(repeated.formElementType) is not a form field")
            }
            let array = repeated.init(formElements: [sample]) as! T
            self.leaves.append(.init(name: name, kind: kind, isOptional: true, isRepeated: true, values: [array]))
            return array
        }
        if let validatable = T.self as? any FormValidatable.Type { self.nested.append((name, validatable)) }
        return try T(from: self.decoder(name))
    }

    private func decoder(_ prefix: String) -> FormProbeDecoder {
        FormProbeDecoder(state: self, prefix: prefix)
    }

    /// A leaf's or a choice's sample for field `index`, and its kind.
    private func leaf<T>(_ type: T.Type, index: Int) -> (Any, FormSchema.Kind)? {
        if let leaf = T.self as? any FormLeafValue.Type {
            func sample<L: FormLeafValue>(_: L.Type) -> Any { L.probe(index: index, bit: self.bit) }
            return (sample(leaf), leaf.formKind)
        }
        if let cases = FormChoice.cases(of: T.self) {
            let pick = ((index + 1) >> self.bit & 1) % cases.count
            return (cases[pick].value, .choice(cases.map(\.text)))
        }
        return nil
    }
}

/// A programming error in a form type or its rules (not the user's input): a host answers 500
/// and logs the description.
public struct FormDefinitionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The decoder of a probe: every key is present.
struct FormProbeDecoder: Decoder {
    let state: FormProbeState
    let prefix: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw FormDefinitionError("\(self.prefix): a list is a form field only as an array of values")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw FormDefinitionError("\(self.prefix): \(self.prefix) is not a type a form field can hold")
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: FormProbeDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        /// The standard library's `decodeIfPresent` for `String`, `Int` and the other standard
        /// types asks this before `decode`: the field it asks about is optional.
        func decodeNil(forKey key: Key) throws -> Bool {
            self.decoder.state.optionalName = self.name(key)
            return false
        }
        private func name(_ key: Key) -> String { FormNames.join(self.decoder.prefix, key.stringValue) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let name = self.name(key)
            defer { self.decoder.state.optionalName = nil }
            return try self.decoder.state.value(T.self, name: name, optional: self.decoder.state.optionalName == name)
        }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            try self.decoder.state.value(T.self, name: self.name(key), optional: true)
        }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type,
            forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(
                Keyed<NestedKey>(decoder: FormProbeDecoder(state: self.decoder.state, prefix: self.name(key)))
            )
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try FormProbeDecoder(state: self.decoder.state, prefix: self.name(key)).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { self.decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            FormProbeDecoder(state: self.decoder.state, prefix: self.name(key))
        }
    }
}

/// Field names: a nested type's fields are `prefix.name`.
enum FormNames {
    static func join(_ prefix: String, _ name: String) -> String {
        prefix.isEmpty ? name : prefix + "." + name
    }

    /// The name in words for a label: `dueDate` → "Due date", `address.zip_code` → "Zip code".
    static func label(for name: String) -> String {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        var words: [String] = []
        var word = ""
        var previous: Character?
        for character in last {
            if character == "_" || character == "-" || character == " " {
                words.append(word)
                word = ""
            } else if character.isUppercase, previous?.isLowercase == true {
                words.append(word)
                word = String(character)
            } else {
                word.append(character)
            }
            previous = character
        }
        words.append(word)
        // A word in capitals (`ID`, `URL`) stays; others are lowercased, the first capitalised.
        let text = words.filter { !$0.isEmpty }
            .map { $0.allSatisfy(\.isUppercase) && $0.count > 1 ? $0 : $0.lowercased() }
            .joined(separator: " ")
        guard let first = text.first else { return name }
        return first.uppercased() + text.dropFirst()
    }
}
