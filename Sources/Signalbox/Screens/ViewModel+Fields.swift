extension ViewModel {
    /// An object's fields: names and values, kept in the order they were added, each name stored
    /// once. Equality and hashing ignore the order, as a dictionary's do.
    ///
    /// Written like a dictionary and read like one:
    ///
    /// ```swift
    /// var fields: ViewModel.Fields = ["title": "Buy milk", "isDone": false]
    /// fields["project"] = ["name": "Groceries"]
    /// fields["title"]          // .string("Buy milk")
    /// let model = ViewModel.object(fields)
    /// ```
    ///
    /// View models are small (a screen's dozen fields), so a field is found by scanning a short
    /// contiguous array with a cheap fingerprint of its name before comparing names, rather than
    /// by hashing the name into a table: templates look names up hundreds of times per page.
    public struct Fields: Sendable {
        /// One field: its name, the name's fingerprint and its value.
        @usableFromInline
        struct Entry: Sendable {
            @usableFromInline let key: String
            @usableFromInline let fingerprint: UInt64
            @usableFromInline var value: ViewModel

            @usableFromInline
            init(key: String, fingerprint: UInt64, value: ViewModel) {
                self.key = key
                self.fingerprint = fingerprint
                self.value = value
            }
        }

        @usableFromInline
        var entries: [Entry]

        /// No fields.
        public init() {
            self.entries = []
        }

        /// The fields of `dictionary`, ordered by name.
        public init(_ dictionary: [String: ViewModel]) {
            self.entries = dictionary.keys.sorted().map { key in
                Entry(key: key, fingerprint: Self.fingerprint(of: key), value: dictionary[key]!)
            }
        }

        /// Room for `count` fields without growing.
        public mutating func reserveCapacity(_ count: Int) {
            self.entries.reserveCapacity(count)
        }

        /// The value named `key`; setting `nil` removes the field, setting a value adds it at
        /// the end or replaces it in place.
        public subscript(key: String) -> ViewModel? {
            get { self.value(forKey: key, fingerprint: Self.fingerprint(of: key)) }
            set {
                let fingerprint = Self.fingerprint(of: key)
                let index = self.index(of: key, fingerprint: fingerprint)
                switch (index, newValue) {
                case (let index?, let value?): self.entries[index].value = value
                case (let index?, nil): self.entries.remove(at: index)
                case (nil, let value?): self.entries.append(Entry(key: key, fingerprint: fingerprint, value: value))
                case (nil, nil): break
                }
            }
        }

        /// The value named by a key whose fingerprint was computed before (``fingerprint(of:)``):
        /// what a compiled template does with the names it looks up.
        @inlinable
        public func value(forKey key: String, fingerprint: UInt64) -> ViewModel? {
            self.entries.withUnsafeBufferPointer { entries in
                for index in entries.indices
                where entries[index].fingerprint == fingerprint && entries[index].key == key {
                    return entries[index].value
                }
                return nil
            }
        }

        private func index(of key: String, fingerprint: UInt64) -> Int? {
            self.entries.withUnsafeBufferPointer { entries in
                entries.indices.first { entries[$0].fingerprint == fingerprint && entries[$0].key == key }
            }
        }

        /// The names, in order.
        public var keys: [String] { self.entries.map(\.key) }
        /// The values, in the names' order.
        public var values: [ViewModel] { self.entries.map(\.value) }
        /// How many fields there are.
        public var count: Int { self.entries.count }
        /// Whether there are no fields.
        public var isEmpty: Bool { self.entries.isEmpty }

        /// These fields with `other`'s added; a name both have keeps `combine`'s choice.
        public func merging(
            _ other: Fields,
            uniquingKeysWith combine: (ViewModel, ViewModel) throws -> ViewModel
        ) rethrows -> Fields {
            var merged = self
            try merged.merge(other, uniquingKeysWith: combine)
            return merged
        }

        /// Adds `other`'s fields; a name both have keeps `combine`'s choice.
        public mutating func merge(
            _ other: Fields,
            uniquingKeysWith combine: (ViewModel, ViewModel) throws -> ViewModel
        ) rethrows {
            self.entries.reserveCapacity(self.entries.count + other.entries.count)
            for entry in other.entries {
                if let index = self.index(of: entry.key, fingerprint: entry.fingerprint) {
                    self.entries[index].value = try combine(self.entries[index].value, entry.value)
                } else {
                    self.entries.append(entry)
                }
            }
        }

        /// The same names with their values transformed.
        public func mapValues(_ transform: (ViewModel) throws -> ViewModel) rethrows -> Fields {
            var mapped = self
            for index in mapped.entries.indices {
                mapped.entries[index].value = try transform(mapped.entries[index].value)
            }
            return mapped
        }

        /// A dictionary of the same fields.
        public var dictionary: [String: ViewModel] {
            Dictionary(uniqueKeysWithValues: self.entries.map { ($0.key, $0.value) })
        }

        /// A cheap fingerprint of a field name: its UTF-8 length and first eight bytes. Equal names
        /// have equal fingerprints; names that differ there are told apart without comparing them.
        @inlinable
        public static func fingerprint(of key: String) -> UInt64 {
            // A native string's UTF-8 is read in place (no copy of the string to make it
            // contiguous); any other is read byte by byte.
            key.utf8.withContiguousStorageIfAvailable(Self.fingerprint(utf8:))
                ?? Self.fingerprint(utf8: key.utf8)
        }

        @inlinable
        static func fingerprint(utf8 bytes: some Collection<UInt8>) -> UInt64 {
            var word = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
            var shift: UInt64 = 0
            for byte in bytes.prefix(8) {
                word ^= UInt64(byte) << shift
                shift += 8
            }
            return word
        }
    }
}

extension ViewModel.Fields: Sequence {
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Entry]>

        public mutating func next() -> (key: String, value: ViewModel)? {
            self.base.next().map { ($0.key, $0.value) }
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(base: self.entries.makeIterator())
    }

    public var underestimatedCount: Int { self.entries.count }
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
        self.entries = entries
    }
}

extension ViewModel.Fields: Hashable {
    /// The same names with equal values, in any order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        return lhs.entries.allSatisfy { rhs.value(forKey: $0.key, fingerprint: $0.fingerprint) == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, like a dictionary's: each field hashed alone, then combined.
        var combined = 0
        for entry in self.entries {
            var single = Hasher()
            single.combine(entry.key)
            single.combine(entry.value)
            combined ^= single.finalize()
        }
        hasher.combine(self.entries.count)
        hasher.combine(combined)
    }
}

extension ViewModel.Fields: CustomStringConvertible {
    public var description: String {
        "[" + self.entries.map { "\(String(reflecting: $0.key)): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
