import HTTPTypes
import SignalboxHTTP
import Testing

/// The request headers read on every request are read with `combinedValue(_:)` and answers check
/// their standard headers with `hasField(named:)`: each must give exactly what HTTPTypes gives.
@Suite struct HeaderValueTests {
    static let cases: [(fields: [HTTPField], name: HTTPField.Name)] = [
        ([], .cookie),
        ([HTTPField(name: .accept, value: "text/html")], .accept),
        ([HTTPField(name: .accept, value: "text/html")], .cookie),
        ([HTTPField(name: .accept, value: "text/html"), HTTPField(name: .accept, value: "application/json")], .accept),
        (
            [
                HTTPField(name: .cookie, value: "a=1"), HTTPField(name: .userAgent, value: "x"),
                HTTPField(name: .cookie, value: "b=2"),
            ], .cookie
        ),
        (
            [HTTPField(name: .ifNoneMatch, value: "\"a\""), HTTPField(name: .ifNoneMatch, value: "\"b\", \"c\"")],
            .ifNoneMatch
        ),
        ([HTTPField(name: .init("X-CSRF-Token")!, value: "t")], .init("x-csrf-token")!),
        ([HTTPField(name: .origin, value: "")], .origin),
    ]

    @Test(arguments: Self.cases)
    func aHeadersCombinedValueIsWhatHTTPTypesGives(fields: [HTTPField], name: HTTPField.Name) {
        let fields = HTTPFields(fields)
        #expect(fields.combinedValue(name) == fields[name])
    }

    @Test(arguments: Self.cases)
    func aFieldIsFoundByNameAsHTTPTypesFindsIt(fields: [HTTPField], name: HTTPField.Name) {
        let fields = HTTPFields(fields)
        #expect(fields.hasField(named: name) == fields.contains(name))
        // Another name of the same length is not it.
        #expect(
            !HTTPFields([HTTPField(name: .init("x-csrf-tokem")!, value: "t")]).hasField(named: .init("x-csrf-token")!)
        )
    }
}
