extension ViewModel {
    /// A list with one object per element of `elements`, each object's fields written by
    /// `writeFields` into an empty ``Fields``.
    ///
    /// The same as `.list(elements.map { element in .object(…) })`, but the objects share one
    /// array of fields (each a range of it), so a list of a hundred rows costs a few allocations
    /// rather than a hundred and one:
    ///
    /// ```swift
    /// "todos": .list(todos) { todo, fields in
    ///     fields["title"] = .string(todo.title)
    ///     fields["isDone"] = .bool(todo.isDone)
    /// }
    /// ```
    ///
    /// A row read back out of the list and changed is copied out first; the list is unchanged.
    /// Like an `ArraySlice`, a row kept after its list keeps the list's whole array alive.
    @inlinable
    public static func list<Elements: Sequence>(
        _ elements: Elements,
        fields writeFields: (Elements.Element, inout Fields) throws -> Void
    ) rethrows -> ViewModel {
        var rows: [ViewModel] = []
        rows.reserveCapacity(elements.underestimatedCount)
        var shared: [Fields.Entry] = []
        // Each row is written into the same scratch fields, then appended to the shared array.
        var row = Fields()
        row.reserveCapacity(8)  // a typical row's fields without growing; the rows' sizes decide the rest
        for element in elements {
            try writeFields(element, &row)
            if shared.isEmpty {
                shared.reserveCapacity(row.count * max(rows.capacity, 1))
            }
            let start = shared.count
            // One at a time: `append(contentsOf:)` copies through the runtime's generic array copy.
            for index in row.bounds { shared.append(row.entries[index]) }
            // A placeholder that knows its range; the rows get the finished array below.
            rows.append(.object(Fields(sharing: [], bounds: start..<shared.count)))
            row.removeAll()
        }
        Fields.share(shared, with: &rows, at: rows.indices)
        return .list(rows)
    }
}

extension ViewModel.Fields {
    /// Gives the rows at `indices` — placeholders made with `Fields(sharing: [], bounds:)` while
    /// `entries` grew — the finished array, each keeping its range of it.
    @inlinable
    static func share(_ entries: [Entry], with rows: inout [ViewModel], at indices: some Sequence<Int>) {
        for index in indices {
            guard case .object(let placeholder) = rows[index] else { continue }
            rows[index] = .object(Self(sharing: entries, bounds: placeholder.bounds))
        }
    }
}
