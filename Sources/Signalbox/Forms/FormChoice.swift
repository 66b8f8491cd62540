/// Choices: a `CaseIterable` enum whose cases are `RawRepresentable` is decoded from its raw
/// value's text (`enum Priority: String, CaseIterable, Decodable { case low, normal, high }`).
enum FormChoice {
    /// The cases of `type` with their raw values' text, or `nil` when `type` is not such an enum.
    static func cases<T>(of type: T.Type) -> [(value: T, text: String)]? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        func list<C: CaseIterable>(_: C.Type) -> [(value: Any, text: String)]? {
            var cases: [(value: Any, text: String)] = []
            for item in C.allCases {
                guard let raw = item as? any RawRepresentable else { return nil }
                cases.append((item, String(describing: raw.rawValue)))
            }
            return cases
        }
        guard let cases = list(iterable), !cases.isEmpty else { return nil }
        return cases.compactMap { item in (item.value as? T).map { (value: $0, text: item.text) } }
    }

    /// "Choose one of: low, normal, high."
    static func message(_ texts: [String]) -> String {
        "Choose one of: \(texts.joined(separator: ", "))."
    }
}

/// An array: a field whose name repeats (a group of checkboxes, a multiple select).
protocol FormRepeatedValue {
    static var formElementType: any Decodable.Type { get }
    init(formElements: [Any])
}

extension Array: FormRepeatedValue where Element: Decodable {
    static var formElementType: any Decodable.Type { Element.self }
    init(formElements: [Any]) { self = formElements.compactMap { $0 as? Element } }
}

/// An optional: an empty or absent field is `nil`.
protocol FormOptionalValue {
    static var formWrappedType: any Decodable.Type { get }
    init(formWrapped: Any?)
}

extension Optional: FormOptionalValue where Wrapped: Decodable {
    static var formWrappedType: any Decodable.Type { Wrapped.self }
    init(formWrapped: Any?) { self = formWrapped.flatMap { $0 as? Wrapped } }
}
