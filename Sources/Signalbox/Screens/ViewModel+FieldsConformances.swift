extension ViewModel.Fields: Sequence {
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<ArraySlice<Entry>>

        public mutating func next() -> (key: String, value: ViewModel)? {
            self.base.next().map { ($0.key, $0.value) }
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(base: self.entries[self.bounds].makeIterator())
    }

    public var underestimatedCount: Int { self.count }
}

extension ViewModel.Fields: ExpressibleByDictionaryLiteral {
    /// The fields in the order written; a name written twice keeps the last value.
    @inlinable
    public init(dictionaryLiteral elements: (String, ViewModel)...) {
        self.init(literal: elements)
    }

    /// A literal's fields: each name's fingerprint computed once, a repeated name replacing
    /// the earlier value in place (checked among the fields with the same fingerprint only).
    @inlinable
    init(literal elements: [(String, ViewModel)]) {
        var entries: [Entry] = []
        entries.reserveCapacity(elements.count)
        for index in elements.indices {
            let key = elements[index].0
            let fingerprint = Self.fingerprint(of: key)
            if let earlier = entries.firstIndex(where: { $0.fingerprint == fingerprint && $0.key == key }) {
                entries[earlier].value = elements[index].1
            } else {
                entries.append(Entry(key: key, fingerprint: fingerprint, value: elements[index].1))
            }
        }
        self.init(entries: entries)
    }
}

extension ViewModel.Fields: Hashable {
    /// The same names with equal values, in any order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.entries[lhs.bounds].allSatisfy {
            rhs.value(forKey: $0.key, fingerprint: $0.fingerprint) == $0.value
        }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, like a dictionary's: each field hashed alone, then combined.
        var combined = 0
        for entry in self.entries[self.bounds] {
            var single = Hasher()
            single.combine(entry.key)
            single.combine(entry.value)
            combined ^= single.finalize()
        }
        hasher.combine(self.count)
        hasher.combine(combined)
    }
}

extension ViewModel.Fields: CustomStringConvertible {
    public var description: String {
        "[" + self.entries[self.bounds].map { "\(String(reflecting: $0.key)): \($0.value)" }.joined(separator: ", ")
            + "]"
    }
}
