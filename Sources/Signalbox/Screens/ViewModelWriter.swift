#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Encoder` behind ``ViewModel/init(encoding:)``: one value's container, written straight
/// into a ``ViewModel/Fields`` (an object), an array (a list) or a single value.
///
/// Built for rows of lists: the primitive fields of a synthesized `encode(to:)` reach the
/// concrete `encode(_:forKey:)` overloads and are appended to the fields without boxing; a nested
/// value gets a writer of its own; arrays of `Encodable` values become lists whose rows share
/// one array, as ``ViewModel/list(_:fields:)``'s do.
final class ViewModelWriter: Encoder {
    /// The writer of the value this one's is inside, and its key there: the coding path is
    /// made from them only when asked (an error), not stored per value. Unowned: a parent keeps
    /// its child, row and nested writers, so a strong reference back would never be freed.
    private unowned let parent: ViewModelWriter?
    @exclusivity(unchecked) private var key: (any CodingKey)?
    var codingPath: [any CodingKey] {
        (self.parent?.codingPath ?? []) + (self.key.map { [$0] } ?? [])
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The writer this one's nested values are written with, one after the other.
    @exclusivity(unchecked) private var child: ViewModelWriter?

    /// What the value asked for, and what it wrote.
    enum Written {
        case nothing
        case object
        case list
        case single(ViewModel)
    }

    // `@exclusivity(unchecked)`: a writer belongs to one `encode(to:)` call on one task, and no
    // access to these properties overlaps another (each is a single append or assignment), so the
    // runtime's dynamic exclusivity checks only cost time: measured, they were a quarter of the
    // encoding cost of the demo's list page (BENCHMARKS.md "View models from values").
    @exclusivity(unchecked) var written = Written.nothing
    @exclusivity(unchecked) var fields = ViewModel.Fields()
    @exclusivity(unchecked) var items: [ViewModel] = []
    /// Containers opened inside this one (`nestedContainer`, `superEncoder`), written into
    /// their writers and collected when this value is finished.
    @exclusivity(unchecked) var pending: [(slot: Slot, writer: ViewModelWriter)] = []

    /// Where a nested writer's value goes.
    enum Slot {
        case field(String)
        case item(Int)
    }

    init(parent: ViewModelWriter? = nil, key: (any CodingKey)? = nil) {
        self.parent = parent
        self.key = key
    }

    /// Makes this writer ready for another value.
    private func reset(key: (any CodingKey)?) {
        self.key = key
        self.written = .nothing
        self.fields = ViewModel.Fields()
        self.items = []
    }

    /// What was written, as a view model.
    func result(for value: Any) throws -> ViewModel {
        try self.collectPending()
        self.collectRows()
        switch self.written {
        case .object: return .object(self.fields)
        case .list: return .list(self.items)
        case .single(let value): return value
        case .nothing:
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: self.codingPath, debugDescription: "The value encoded nothing.")
            )
        }
    }

    /// The list of `elements`, as an unkeyed container of them would write it.
    func list<Elements: Sequence>(of elements: Elements) throws -> ViewModel where Elements.Element: Encodable {
        self.written = .list
        self.items.reserveCapacity(elements.underestimatedCount)
        for element in elements { try self.appendItem(element) }
        return try self.result(for: elements)
    }

    /// Stores what the nested writers wrote.
    func collectPending() throws {
        guard !self.pending.isEmpty else { return }
        let pending = self.pending
        self.pending = []
        for (slot, writer) in pending {
            let value = try writer.result(for: ())
            switch slot {
            case .field(let name): self.fields[name] = value
            case .item(let index): self.items[index] = value
            }
        }
    }

    /// A writer for a container opened at `key` inside this one.
    func nested(at slot: Slot, key: any CodingKey) -> ViewModelWriter {
        let writer = ViewModelWriter(parent: self, key: key)
        self.pending.append((slot, writer))
        return writer
    }

    /// The view model of any encodable value.
    static func box<Value: Encodable>(_ value: Value) throws -> ViewModel {
        if let known = Self.boxKnown(value) { return known }
        let writer = ViewModelWriter()
        try value.encode(to: writer)
        return try writer.result(for: value)
    }

    /// The view model of a value nested in this one at `key`, written with this writer's child.
    func box<Value: Encodable>(_ value: Value, at key: any CodingKey) throws -> ViewModel {
        if let known = Self.boxKnown(value) { return known }
        let child = self.child ?? ViewModelWriter(parent: self)
        self.child = nil  // a value nested in the nested one gets its own
        defer { self.child = child }
        child.reset(key: key)
        try value.encode(to: child)
        return try child.result(for: value)
    }

    /// The types whose own `Encodable` form is not what a template should see (a `Date` encodes
    /// as seconds since 2001), and view models themselves. (Metatypes compared by identity: a
    /// cast would look up conformances on every field.)
    static func boxKnown<Value: Encodable>(_ value: Value) -> ViewModel? {
        // `unsafeBitCast` between a type and itself (checked just before) is a plain copy; `as!`
        // would go through the runtime's dynamic cast for every row's nested view model.
        if Value.self == ViewModel.self { return unsafeBitCast(value, to: ViewModel.self) }
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if Value.self == Date.self { return .string((value as! Date).formatted(.iso8601)) }
        if Value.self == URL.self { return .string((value as! URL).absoluteString) }
        if Value.self == UUID.self { return .string((value as! UUID).uuidString) }
        if Value.self == Decimal.self { return .double(Double("\(value as! Decimal)") ?? 0) }
        return nil
    }

    // MARK: Lists whose rows share storage

    /// The writer each object of this list is written with, one after the other.
    @exclusivity(unchecked) private var rowWriter: ViewModelWriter?
    /// The fields of this list's objects, one after the other (each object a range of it).
    @exclusivity(unchecked) private var rowFields: [ViewModel.Fields.Entry] = []
    /// The items that are such objects (placeholders that know their range until collected).
    @exclusivity(unchecked) private var rowItems: [Int] = []

    /// Appends `value` to this list. An object's fields are written straight onto the end of the
    /// array the list's objects share (the row's fields are that array's tail while it is written),
    /// so a row costs no copy and no allocation of its own.
    func appendItem<Value: Encodable>(_ value: Value) throws {
        if let known = Self.boxKnown(value) { return self.items.append(known) }
        let row = self.rowWriter ?? ViewModelWriter(parent: self)
        self.rowWriter = row
        row.written = .nothing
        if self.rowFields.isEmpty { self.rowFields.reserveCapacity(32) }
        swap(&row.fields.entries, &self.rowFields)
        let start = Int32(row.fields.entries.count)
        (row.fields.start, row.fields.end) = (start, start)
        do {
            try value.encode(to: row)
            try row.collectPending()
        } catch {
            swap(&row.fields.entries, &self.rowFields)
            throw error
        }
        let bounds = row.fields.bounds
        swap(&row.fields.entries, &self.rowFields)
        row.fields = ViewModel.Fields()
        guard case .object = row.written else {
            // Not an object: its own value, and nothing of it stays in the shared array.
            self.rowFields.removeSubrange(bounds)
            return self.items.append(try row.result(for: value))
        }
        self.rowItems.append(self.items.count)
        self.items.append(.object(ViewModel.Fields(sharing: [], bounds: bounds)))
    }

    /// Gives the list's objects their shared array.
    private func collectRows() {
        guard !self.rowItems.isEmpty else { return }
        ViewModel.Fields.share(self.rowFields, with: &self.items, at: self.rowItems)
        self.rowItems = []
        self.rowFields = []  // the list's objects hold it now
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = self.written {
        } else {
            self.written = .object
            // A typical object's fields without growing (a row's go onto its list's array).
            if self.fields.entries.isEmpty { self.fields.reserveCapacity(8) }
        }
        return KeyedEncodingContainer(ObjectContainer<Key>(writer: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        self.written = .list
        self.items.reserveCapacity(16)  // most lists are a page's rows: grown once or not at all
        return ListContainer(writer: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(writer: self)
    }
}
