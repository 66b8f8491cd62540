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
    ///
    /// The rows of a list made by ``ViewModel/list(_:fields:)`` share one array, each row a
    /// range of it, so a list of a hundred objects is a few allocations rather than a hundred.
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

        /// The array this object's fields are in: all of it, or (a list's row) the range
        /// `start..<end` of an array its list's rows share.
        @usableFromInline
        var entries: [Entry]
        @usableFromInline
        var start: Int32
        @usableFromInline
        var end: Int32

        @usableFromInline
        init(entries: [Entry]) {
            self.entries = entries
            self.start = 0
            self.end = Int32(entries.count)
        }

        /// A list's row: `bounds` of the array the list's rows share.
        @usableFromInline
        init(sharing entries: [Entry], bounds: Range<Int>) {
            self.entries = entries
            self.start = Int32(bounds.lowerBound)
            self.end = Int32(bounds.upperBound)
        }

        /// The indices of `entries` that are this object's.
        @usableFromInline
        var bounds: Range<Int> { Int(self.start)..<Int(self.end) }

        /// No fields.
        public init() {
            self.init(entries: [])
        }

        /// The fields of `dictionary`, ordered by name.
        public init(_ dictionary: [String: ViewModel]) {
            self.init(
                entries: dictionary.keys.sorted().map { key in
                    Entry(key: key, fingerprint: Self.fingerprint(of: key), value: dictionary[key]!)
                }
            )
        }

        /// Room for `count` fields without growing.
        public mutating func reserveCapacity(_ count: Int) {
            self.makeTail()
            self.entries.reserveCapacity(Int(self.start) + count)
        }

        /// The value named `key`; setting `nil` removes the field, setting a value adds it at
        /// the end or replaces it in place.
        public subscript(key: String) -> ViewModel? {
            @inlinable get { self.value(forKey: key, fingerprint: Self.fingerprint(of: key)) }
            @inlinable set {
                let fingerprint = Self.fingerprint(of: key)
                // Adding a new name to fields that end their array (most writes) appends in place.
                if let newValue, Int(self.end) == self.entries.count, !self.hasName(withFingerprint: fingerprint) {
                    self.entries.append(Entry(key: key, fingerprint: fingerprint, value: newValue))
                    self.end += 1
                } else {
                    self.set(newValue, forKey: key, fingerprint: fingerprint)
                }
            }
        }

        /// The value named by a key whose fingerprint was computed before (`fingerprint(of:)`):
        /// what a compiled template does with the names it looks up.
        @inlinable
        package func value(forKey key: String, fingerprint: UInt64) -> ViewModel? {
            self.entries.withUnsafeBufferPointer { entries in
                Self.index(of: key, fingerprint: fingerprint, in: entries, bounds: self.bounds).map {
                    entries[$0].value
                }
            }
        }

        /// Whether a field's name has this fingerprint (names that do not cannot be equal).
        @inlinable
        func hasName(withFingerprint fingerprint: UInt64) -> Bool {
            self.entries.withUnsafeBufferPointer { entries in
                var index = Int(self.start)
                let end = Int(self.end)
                while index < end {
                    if entries[index].fingerprint == fingerprint { return true }
                    index += 1
                }
                return false
            }
        }

        /// The index in `entries` of the field named `key`: its fingerprint compared first, the
        /// names only when the fingerprints are equal.
        func index(of key: String, fingerprint: UInt64) -> Int? {
            self.entries.withUnsafeBufferPointer {
                Self.index(of: key, fingerprint: fingerprint, in: $0, bounds: self.bounds)
            }
        }

        /// The scan itself, over entries already borrowed (a look-up reads the value in the same
        /// borrow).
        @inlinable
        static func index(
            of key: String,
            fingerprint: UInt64,
            in entries: UnsafeBufferPointer<Entry>,
            bounds: Range<Int>
        ) -> Int? {
            var index = bounds.lowerBound
            while index < bounds.upperBound {
                if entries[index].fingerprint == fingerprint && entries[index].key == key { return index }
                index += 1
            }
            return nil
        }

        @usableFromInline
        mutating func set(_ value: ViewModel?, forKey key: String, fingerprint: UInt64) {
            let found = self.index(of: key, fingerprint: fingerprint)
            // Removing a name that is not there changes nothing (and copies nothing).
            if found == nil && value == nil { return }
            let moved = self.makeTail()
            switch (found.map { $0 - moved }, value) {
            case (let index?, let value?):
                self.entries[index].value = value
            case (let index?, nil):
                self.entries.remove(at: index)
                self.end -= 1
            case (nil, let value?):
                self.entries.append(Entry(key: key, fingerprint: fingerprint, value: value))
                self.end += 1
            case (nil, nil):
                break
            }
        }

        /// Makes this object's fields the end of `entries`, so they can grow and shrink in place:
        /// a row of a list that is not its last is copied out first. (Copy-on-write keeps the
        /// other rows of a shared array as they were.) Returns how far the fields moved down.
        @discardableResult
        private mutating func makeTail() -> Int {
            guard Int(self.end) != self.entries.count else { return 0 }
            let moved = Int(self.start)
            self.entries = Array(self.entries[self.bounds])
            self.start = 0
            self.end = Int32(self.entries.count)
            return moved
        }

        /// Removes every field, keeping the storage.
        @usableFromInline
        mutating func removeAll() {
            // One at a time: `removeAll(keepingCapacity:)` destroys through the runtime's generic
            // array destroy, several times slower for these few fields.
            while !self.entries.isEmpty { self.entries.removeLast() }
            self.start = 0
            self.end = 0
        }

        /// The names, in order.
        public var keys: [String] { self.entries[self.bounds].map(\.key) }
        /// The values, in the names' order.
        public var values: [ViewModel] { self.entries[self.bounds].map(\.value) }
        /// How many fields there are.
        public var count: Int { Int(self.end - self.start) }
        /// Whether there are no fields.
        public var isEmpty: Bool { self.start == self.end }

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
            self.reserveCapacity(self.count + other.count)
            for entry in other.entries[other.bounds] {
                if let index = self.index(of: entry.key, fingerprint: entry.fingerprint) {
                    self.entries[index].value = try combine(self.entries[index].value, entry.value)
                } else {
                    self.entries.append(entry)
                    self.end += 1
                }
            }
        }

        /// The same names with their values transformed.
        public func mapValues(_ transform: (ViewModel) throws -> ViewModel) rethrows -> Fields {
            try Fields(
                entries: self.entries[self.bounds].map {
                    Entry(key: $0.key, fingerprint: $0.fingerprint, value: try transform($0.value))
                }
            )
        }

        /// A dictionary of the same fields.
        public var dictionary: [String: ViewModel] {
            Dictionary(uniqueKeysWithValues: self.entries[self.bounds].map { ($0.key, $0.value) })
        }

        /// A cheap fingerprint of a field name: its UTF-8 length and first eight bytes. Equal names
        /// have equal fingerprints; names that differ there are told apart without comparing them.
        @inlinable
        package static func fingerprint(of key: String) -> UInt64 {
            // A native string's UTF-8 is read in place (no copy of the string to make it
            // contiguous); any other is copied once.
            key.utf8.withContiguousStorageIfAvailable(Self.fingerprint(utf8:))
                ?? Array(key.utf8).withUnsafeBufferPointer(Self.fingerprint(utf8:))
        }

        /// The fingerprint of a name's UTF-8: the first eight bytes of a long name in one load.
        @inlinable
        static func fingerprint(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var word = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
            if bytes.count >= 8, let base = bytes.baseAddress {
                return word ^ UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            }
            for index in 0..<bytes.count {
                word ^= UInt64(bytes[index]) << (8 * UInt64(truncatingIfNeeded: index))
            }
            return word
        }

    }
}
