/// The data a screen hands to its template and to JSON clients: a small, explicit value tree.
///
/// View models are built by hand (no reflection), so the template contract is visible in code and
/// rendering stays fast. Literals make them short to write:
///
/// ```swift
/// var viewModel: ViewModel {
///     ["title": .string(todo.title), "done": .bool(todo.isDone), "tags": ["home", "urgent"]]
/// }
/// ```
public enum ViewModel: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([ViewModel])
    /// Named fields (see ``Fields``); a dictionary literal makes one.
    case object(Fields)

    /// An object with the fields of `dictionary`, ordered by name.
    public static func object(_ dictionary: [String: ViewModel]) -> ViewModel {
        .object(Fields(dictionary))
    }

    /// The value under `key` when this is an object, else `nil`.
    public subscript(key: String) -> ViewModel? {
        guard case .object(let fields) = self else { return nil }
        return fields[key]
    }

    /// The value under a name whose fingerprint was computed before (`Fields.fingerprint(of:)`)
    /// when this is an object, else `nil`: what a compiled template does with the names it
    /// looks up, without copying the object.
    @inlinable
    package func value(forKey key: String, fingerprint: UInt64) -> ViewModel? {
        guard case .object(let fields) = self else { return nil }
        return fields.value(forKey: key, fingerprint: fingerprint)
    }

    /// Returns a copy of this object with `other`'s fields added (replacing equal keys).
    /// Non-object values are returned unchanged.
    public func merging(_ other: Fields) -> ViewModel {
        guard case .object(var fields) = self else { return self }
        fields.merge(other) { _, new in new }
        return .object(fields)
    }
}

extension ViewModel: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension ViewModel: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension ViewModel: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension ViewModel: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension ViewModel: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension ViewModel: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: ViewModel...) { self = .list(elements) }
}

extension ViewModel: ExpressibleByDictionaryLiteral {
    @inlinable
    public init(dictionaryLiteral elements: (String, ViewModel)...) {
        self = .object(Fields(literal: elements))
    }
}
