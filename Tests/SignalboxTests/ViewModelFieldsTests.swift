import Signalbox
import Testing

@Suite struct ViewModelFieldsTests {
    @Test func fieldsKeepTheOrderWrittenAndALaterValueReplacesInPlace() {
        var fields: ViewModel.Fields = ["b": 1, "a": 2, "b": 3]
        #expect(fields.keys == ["b", "a"])
        #expect(fields["b"] == 3)
        fields["c"] = "x"
        fields["a"] = 4
        #expect(fields.keys == ["b", "a", "c"])
        #expect(fields.values == [3, 4, "x"])
        fields["b"] = nil
        #expect(fields.keys == ["a", "c"])
        #expect(fields["b"] == nil)
        #expect(fields.count == 2 && !fields.isEmpty)
    }

    @Test func namesThatShareTheirFirstEightBytesAndLengthAreStillToldApart() {
        // Equal fingerprints (same length, same first eight bytes): the names decide.
        let one = "abcdefgh_1"
        let two = "abcdefgh_2"
        #expect(ViewModel.Fields.fingerprint(of: one) == ViewModel.Fields.fingerprint(of: two))
        var fields: ViewModel.Fields = [one: 1]
        fields[two] = 2
        #expect(fields[one] == 1)
        #expect(fields[two] == 2)
        #expect(fields.count == 2)
        #expect(fields["abcdefgh_3"] == nil)
        // Long and non-ASCII names work like any other.
        let long = String(repeating: "ü", count: 40)
        fields[long] = "long"
        #expect(fields[long] == "long")
    }

    @Test(arguments: ["", "a", "id", "title", "isDone", "abcdefg", "abcdefgh", "isFavorite", "ünïcödé-name", "🙂🙂🙂"])
    func aFingerprintIsTheNamesLengthMixedWithItsFirstEightBytes(name: String) {
        // The definition, written out: byte i of the first eight goes to bits 8i..<8i+8.
        let bytes = Array(name.utf8)
        var expected = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        for (index, byte) in bytes.prefix(8).enumerated() { expected ^= UInt64(byte) << (8 * UInt64(index)) }
        #expect(ViewModel.Fields.fingerprint(of: name) == expected)
        // The same name made other ways (a substring's copy, decoded bytes) has the same fingerprint.
        #expect(ViewModel.Fields.fingerprint(of: String(name[...])) == expected)
        #expect(ViewModel.Fields.fingerprint(of: String(decoding: bytes, as: UTF8.self)) == expected)
    }

    @Test func equalityAndHashingIgnoreTheOrder() {
        let one: ViewModel = ["a": 1, "b": ["c": true, "d": [1, 2]]]
        let two: ViewModel = ["b": ["d": [1, 2], "c": true], "a": 1]
        #expect(one == two)
        #expect(one.hashValue == two.hashValue)
        #expect(Set([one, two]).count == 1)
        #expect(one != ["a": 1, "b": ["c": false, "d": [1, 2]]])
        #expect(one != ["a": 1])
        #expect(ViewModel.Fields(["a": 1, "b": 2]) != ["a": 1, "c": 2])
    }

    @Test func aDictionaryBecomesFieldsOrderedByName() {
        let dictionary: [String: ViewModel] = ["zeta": 1, "alpha": 2, "mu": 3]
        let model = ViewModel.object(dictionary)
        guard case .object(let fields) = model else {
            Issue.record("not an object")
            return
        }
        #expect(fields.keys == ["alpha", "mu", "zeta"])
        #expect(fields.dictionary == dictionary)
        #expect(model["mu"] == 3)
    }

    @Test func mergingReplacesEqualNamesAndAppendsTheRest() {
        let base: ViewModel = ["a": 1, "b": 2]
        let merged = base.merging(["b": 20, "c": 30])
        #expect(merged == ["a": 1, "b": 20, "c": 30])
        guard case .object(let fields) = merged else { return }
        #expect(fields.keys == ["a", "b", "c"])
        #expect(fields.mapValues { _ in .null } == ["a": nil, "b": nil, "c": nil])
        #expect(ViewModel.string("x").merging(["a": 1]) == "x")
        let pairs = fields.map { "\($0.key)=\($0.value)" }
        #expect(pairs.count == 3)
    }

    private static let people: [(name: String, age: Int)] = [("Ada", 36), ("Grace", 85), ("Linus", 54)]

    /// The rows of a built list, as fields.
    private static func rows(of list: ViewModel) throws -> [ViewModel.Fields] {
        guard case .list(let rows) = list else { throw ListError.notAList }
        return try rows.map { row in
            guard case .object(let fields) = row else { throw ListError.notAnObject }
            return fields
        }
    }

    private enum ListError: Error { case notAList, notAnObject, stop }

    @Test func aBuiltListEqualsTheSameObjectsMadeOneByOne() throws {
        let built = ViewModel.list(Self.people) { person, fields in
            fields["name"] = .string(person.name)
            fields["age"] = .int(person.age)
            if person.age > 50 { fields["isSenior"] = true }
        }
        let mapped = ViewModel.list(
            Self.people.map { person in
                var fields: ViewModel.Fields = ["name": .string(person.name), "age": .int(person.age)]
                if person.age > 50 { fields["isSenior"] = true }
                return .object(fields)
            }
        )
        #expect(built == mapped)
        #expect(built.hashValue == mapped.hashValue)
        let rows = try Self.rows(of: built)
        #expect(rows.map(\.keys) == [["name", "age"], ["name", "age", "isSenior"], ["name", "age", "isSenior"]])
        #expect(rows.map(\.count) == [2, 3, 3])
        #expect(rows[1]["name"] == "Grace" && rows[1]["isSenior"] == true && rows[0]["isSenior"] == nil)
        #expect(rows[2].map(\.key) == ["name", "age", "isSenior"])
        #expect(rows[0].dictionary == ["name": "Ada", "age": 36])
        #expect("\(rows[0])" == #"["name": string("Ada"), "age": int(36)]"#)
        #expect(ViewModel.list([Int]()) { _, _ in } == .list([]))
    }

    @Test(arguments: [0, 1, 2])
    func changingARowOfABuiltListCopiesItAndLeavesTheListAsItWas(row index: Int) throws {
        let built = ViewModel.list(Self.people) { person, fields in
            fields["name"] = .string(person.name)
            fields["age"] = .int(person.age)
        }
        let before = try Self.rows(of: built)
        var changed = before[index]
        changed["age"] = 1
        changed["extra"] = "x"
        changed["name"] = nil
        #expect(changed == ["age": 1, "extra": "x"])
        #expect(changed.keys == ["age", "extra"])
        var merged = before[index]
        merged.merge(["age": 2, "city": "Paris"]) { _, new in new }
        #expect(merged == ["name": .string(Self.people[index].name), "age": 2, "city": "Paris"])
        var reserved = before[index]
        reserved.reserveCapacity(10)
        reserved["more"] = true
        #expect(reserved.count == 3)
        // The list and its other rows are untouched.
        let after = try Self.rows(of: built)
        #expect(after == before)
        for (row, person) in zip(after, Self.people) {
            #expect(row == ["name": .string(person.name), "age": .int(person.age)])
        }
        // Removing a name the row does not have changes nothing.
        var unchanged = before[index]
        unchanged["missing"] = nil
        #expect(unchanged == before[index])
    }

    @Test func aRowWriterMayReplaceItsFieldsAndAnErrorStopsTheList() throws {
        let replaced = ViewModel.list(Self.people) { person, fields in
            fields = ["name": .string(person.name)]
            fields["age"] = .int(person.age)
        }
        #expect(try Self.rows(of: replaced).map(\.keys) == Array(repeating: ["name", "age"], count: 3))
        #expect(throws: ListError.stop) {
            try ViewModel.list(Self.people) { person, fields in
                if person.name == "Grace" { throw ListError.stop }
                fields["name"] = .string(person.name)
            }
        }
    }
}
