#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ViewModel {
    /// The view model of an `Encodable` value, with no field-by-field code: a struct or class
    /// becomes an object (its coding keys, in order, are the names), an array a list, `nil` null.
    /// `Date`s become ISO 8601 text (`2026-11-27T10:35:40Z`), `URL`s and `UUID`s their text,
    /// `Decimal`s numbers; a `ViewModel` inside a value is kept as it is.
    ///
    /// ```swift
    /// struct TodoRow: Encodable {
    ///     var id: Int, title: String, isDone: Bool
    ///     var project: Project?           // an object, or null
    /// }
    /// var viewModel: ViewModel {
    ///     get throws { ["todos": try .list(encoding: rows), "count": .int(rows.count)] }
    /// }
    /// ```
    ///
    /// A screen that is itself `Encodable` needs no `viewModel` at all: its stored properties are
    /// its view model (see ``Screen``).
    ///
    /// - Throws: `EncodingError.invalidValue` for a value that encodes nothing, or what the
    ///   value's own `encode(to:)` throws.
    public init(encoding value: some Encodable) throws {
        self = try ViewModelWriter.box(value)
    }

    /// A list with one object per element, encoded as ``init(encoding:)`` does; the objects share
    /// one array of fields as ``list(_:fields:)``'s do, so a list of a hundred rows costs a few
    /// allocations rather than a hundred.
    public static func list<Elements: Sequence>(encoding elements: Elements) throws -> ViewModel
    where Elements.Element: Encodable {
        try ViewModelWriter().list(of: elements)
    }
}

extension ViewModel: Encodable {
    /// A view model encodes as the JSON value it stands for (what JSON clients get as `screen`).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .list(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let fields):
            var container = encoder.container(keyedBy: FieldName.self)
            for (key, value) in zip(fields.keys, fields.values) { try container.encode(value, forKey: FieldName(key)) }
        }
    }

    /// A field's name as a coding key.
    private struct FieldName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { self.stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension Screen where Self: Encodable {
    /// An `Encodable` screen's view model is the screen itself, encoded (its stored properties,
    /// by their coding keys):
    ///
    /// ```swift
    /// struct GreetingScreen: Screen, Encodable {
    ///     let name: String                       // {{name}}
    ///     var template: String { "hello/greeting" }
    ///     var title: String { name }
    /// }
    /// ```
    public var viewModel: ViewModel {
        get throws { try ViewModel(encoding: self) }
    }
}
