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
}
