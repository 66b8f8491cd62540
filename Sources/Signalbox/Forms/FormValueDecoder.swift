import Foundation
import Synchronization

/// One decode of a submitted form: the values by name, the errors so far.
final class FormDecodingState {
    private let values: [String: [String]]
    private let files: [String: [FormFile]]
    /// Every dotted prefix of a sent name (`a` and `a.b` for `a.b.c`): where nested types are.
    private let prefixes: Set<String>
    let definition: FormDefinition
    let options: FormDecoder
    private(set) var errors: [String: String] = [:]
    private(set) var formMessage: String?

    init(form: FormData, definition: FormDefinition, options: FormDecoder) {
        var values: [String: [String]] = [:]
        var prefixes: Set<String> = []
        for (name, value) in form.fields {
            values[name, default: []].append(value)
            // A nested type's field (`a.b.c`): its prefixes, found over UTF-8 (most names have none).
            let utf8 = name.utf8
            var end = utf8.endIndex
            while let dot = utf8[..<end].lastIndex(of: UInt8(ascii: ".")) {
                guard prefixes.insert(String(name[..<dot])).inserted else { break }
                end = dot
            }
        }
        var files: [String: [FormFile]] = [:]
        for (name, file) in form.files {
            files[name, default: []].append(file)
            if values[name] == nil { values[name] = [] }
        }
        self.values = values
        self.files = files
        self.prefixes = prefixes
        self.definition = definition
        self.options = options
    }

    /// Records the first error of field `name` (`""`: the whole form), or the field's own message.
    func fail(_ name: String, _ message: String) {
        guard !name.isEmpty else {
            self.formMessage = self.formMessage ?? message
            return
        }
        if self.errors[name] == nil { self.errors[name] = self.definition.messages[name] ?? message }
    }

    func isPresent(_ name: String) -> Bool {
        self.values[name] != nil || self.prefixes.contains(name)
    }

    func hasInput(_ name: String) -> Bool {
        !self.filled(name).isEmpty || self.files[name] != nil || self.prefixes.contains(name)
    }

    /// The names sent directly under `prefix`.
    func names(under prefix: String) -> Set<String> {
        var names: Set<String> = []
        for name in self.values.keys {
            let rest: Substring
            if prefix.isEmpty {
                rest = name[...]
            } else if name.hasPrefix(prefix + ".") {
                rest = name.dropFirst(prefix.count + 1)
            } else {
                continue
            }
            names.insert(String(rest.prefix { $0 != "." }))
        }
        return names
    }

    func filled(_ name: String) -> [String] {
        (self.values[name] ?? []).filter { !$0.isBlankFormText }
    }

    /// The value of field `name` as `T`: `nil` when `optional` and nothing was filled in; a
    /// stand-in after an error.
    ///
    /// - Throws: ``FormDecodingStop`` after an error with no stand-in.
    func decode<T: Decodable>(_ type: T.Type, name: String, optional: Bool) throws -> T? {
        // Leaves first: most fields are, and their parser is one look-up (the casts below are not).
        if T.self == FormFile.self {
            return self.file(name: name, optional: optional).map { $0 as! T }
        }
        if let parsed = self.parser(for: T.self) {
            return self.leaf(parsed, name: name, optional: optional).map { $0 as! T }
        }
        if let wrapped = T.self as? any FormOptionalValue.Type {
            func inner<W: Decodable>(_: W.Type) throws -> Any? { try self.decode(W.self, name: name, optional: true) }
            return (wrapped.init(formWrapped: try inner(wrapped.formWrappedType)) as! T)
        }
        if let repeated = T.self as? any FormRepeatedValue.Type {
            return self.repeated(repeated, name: name, optional: optional).map { $0 as! T }
        }
        if optional && !self.hasInput(name) { return nil }
        do {
            return try T(from: FormValueDecoder(state: self, prefix: name))
        } catch let error as FormDecodingStop {
            throw error
        } catch let error as FormDefinitionError {
            throw error
        } catch {
            self.fail(name, "Enter a valid value.")
            throw FormDecodingStop()
        }
    }

    /// How text becomes a `T`, when `T` is a leaf or a choice: made once per type (a choice's
    /// cases and their texts, a leaf's functions) and kept.
    private func parser<T>(for type: T.Type) -> FormTextParser? {
        let key = ObjectIdentifier(T.self)
        if let known = Self.parsers.withLock({ $0[key] }) { return known }
        let made = Self.makeParser(for: T.self)
        Self.parsers.withLock { $0[key] = made }
        return made
    }

    private static let parsers = Mutex<[ObjectIdentifier: FormTextParser?]>([:])

    private static func makeParser<T>(for type: T.Type) -> FormTextParser? {
        if let leaf = T.self as? any FormLeafValue.Type {
            func make<L: FormLeafValue>(_: L.Type) -> FormTextParser {
                FormTextParser(
                    parse: { text, options in L.parse(text, options: options).map { $0 } },
                    absent: L.absentValue,
                    placeholder: L.placeholder,
                    takesLast: L.self == Bool.self
                )
            }
            return make(leaf)
        }
        if let cases = FormChoice.cases(of: T.self) {
            let message = FormChoice.message(cases.map(\.text))
            return FormTextParser(
                parse: { text, _ in
                    let trimmed = text.trimmedFormText
                    guard let match = cases.first(where: { $0.text == trimmed }) else {
                        return .failure(FormFieldError(message))
                    }
                    return .success(match.value)
                },
                absent: nil,
                placeholder: cases[0].value,
                takesLast: false
            )
        }
        return nil
    }

    private func leaf(_ parser: FormTextParser, name: String, optional: Bool) -> Any? {
        let filled = self.filled(name)
        guard let text = parser.takesLast ? filled.last : filled.first else {
            if optional { return nil }
            if let absent = parser.absent { return self.checked(absent, name) }
            self.fail(name, "This field is required.")
            return parser.placeholder
        }
        switch parser.parse(text, self.options) {
        case .success(let value): return self.checked(value, name)
        case .failure(let error):
            self.fail(name, error.message)
            return parser.placeholder
        }
    }

    /// The file uploaded as `name`; text under that name means the form sent no file.
    private func file(name: String, optional: Bool) -> FormFile? {
        if let file = self.files[name]?.first { return self.checked(file, name) as? FormFile }
        if optional { return nil }
        self.fail(name, "Choose a file.")
        return FormFile.placeholder
    }

    private func repeated(_ type: any FormRepeatedValue.Type, name: String, optional: Bool) -> Any? {
        if type.formElementType == FormFile.self {
            let files = self.files[name] ?? []
            if optional && files.isEmpty { return nil }
            return self.checked(type.init(formElements: files), name)
        }
        func element<E: Decodable>(_: E.Type) -> FormTextParser? { self.parser(for: E.self) }
        guard let parser = element(type.formElementType) else {
            self.fail(name, "Enter a valid value.")
            return type.init(formElements: [])
        }
        var elements: [Any] = []
        for text in self.filled(name) {
            switch parser.parse(text, self.options) {
            case .success(let value): elements.append(value)
            case .failure(let error):
                self.fail(name, error.message)
                return type.init(formElements: [])
            }
        }
        if optional && elements.isEmpty { return nil }
        return self.checked(type.init(formElements: elements), name)
    }

    /// `value` after the field's rules: the first failing rule's message is recorded.
    private func checked(_ value: Any, _ name: String) -> Any {
        for rule in self.definition.rules[name] ?? [] {
            if let message = rule.check(value) {
                self.fail(name, message)
                break
            }
        }
        return value
    }
}

/// Text to a value of one leaf or choice type.
///
/// `@unchecked Sendable`: made once per type and kept in a cache shared by every decode; it is
/// never changed after it is made, its functions are pure, and the values it holds (a
/// placeholder, a choice's cases) are values of the form's leaf types, only ever copied out.
struct FormTextParser: @unchecked Sendable {
    let parse: (String, FormDecoder) -> Result<Any, FormFieldError>
    let absent: Any?
    let placeholder: Any
    /// A checkbox after a hidden field of the same name (`0` then `on`): the last value counts.
    let takesLast: Bool
}

/// The `Decoder` a form type's `init(from:)` reads: fields by name under `prefix`.
struct FormValueDecoder: Decoder {
    let state: FormDecodingState
    let prefix: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(codingPath: [], debugDescription: "\(self.prefix) is a list only as an array of values")
        )
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: FormValueDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { self.decoder.state.names(under: self.decoder.prefix).compactMap(Key.init(stringValue:)) }
        private func name(_ key: Key) -> String { FormNames.join(self.decoder.prefix, key.stringValue) }
        func contains(_ key: Key) -> Bool { self.decoder.state.isPresent(self.name(key)) }
        func decodeNil(forKey key: Key) throws -> Bool { !self.decoder.state.hasInput(self.name(key)) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = try self.decoder.state.decode(T.self, name: self.name(key), optional: false) else {
                throw FormDecodingStop()
            }
            return value
        }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            try self.decoder.state.decode(T.self, name: self.name(key), optional: true)
        }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type,
            forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(
                Keyed<NestedKey>(decoder: FormValueDecoder(state: self.decoder.state, prefix: self.name(key)))
            )
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try FormValueDecoder(state: self.decoder.state, prefix: self.name(key)).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { self.decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            FormValueDecoder(state: self.decoder.state, prefix: self.name(key))
        }
    }

    /// The field named `prefix` as one value (a type that decodes itself from a single value).
    private struct Single: SingleValueDecodingContainer {
        let decoder: FormValueDecoder
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { !self.decoder.state.hasInput(self.decoder.prefix) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard let value = try self.decoder.state.decode(T.self, name: self.decoder.prefix, optional: false) else {
                throw FormDecodingStop()
            }
            return value
        }
    }
}
