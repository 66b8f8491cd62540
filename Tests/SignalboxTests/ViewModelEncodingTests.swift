import Foundation
import Signalbox
import Testing

/// `ViewModel(encoding:)` and `.list(encoding:)`: values become view models by their coding keys.
@Suite struct ViewModelEncodingTests {
    struct Project: Encodable, Equatable, Sendable {
        var id: Int
        var name: String
    }

    enum Priority: String, Encodable, Sendable { case low, high }

    struct Row: Encodable, Sendable {
        var title: String
        var done: Bool
        var estimate: Double
        var project: Project?
        var tags: [String]
        var priority: Priority
    }

    /// A type with a hand-written `encode(to:)`: nested containers, a super encoder, renamed keys.
    struct Custom: Encodable, Sendable {
        enum Keys: String, CodingKey { case a, inner, items, base }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try inner.encode("x", forKey: .a)
            var items = container.nestedUnkeyedContainer(forKey: .items)
            try items.encode(true)
            var nested = items.nestedContainer(keyedBy: Keys.self)
            try nested.encode(2, forKey: .a)
            try "base".encode(to: container.superEncoder(forKey: .base))
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Empty: Encodable, Sendable {}

    static let date = Date(timeIntervalSince1970: 1_764_239_740)
    static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    static let cases: [(String, any Encodable & Sendable, ViewModel)] = [
        ("a text", "hi", "hi"),
        ("an integer", 42, 42),
        ("a large unsigned integer", UInt64.max, .double(Double(UInt64.max))),
        ("a flag", true, true),
        ("nil", String?.none, nil),
        ("a list of texts", ["a", "b"], ["a", "b"]),
        ("a date, as ISO 8601", Self.date, "2025-11-27T10:35:40Z"),
        ("a URL", URL(string: "https://example.com/a?b=1")!, "https://example.com/a?b=1"),
        ("a UUID", Self.uuid, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        ("a decimal", Decimal(string: "12.5")!, 12.5),
        ("a raw-value enum", Priority.high, "high"),
        ("a dictionary", ["b": 2, "a": 1], ["a": 1, "b": 2]),
        ("a view model", ViewModel.object(["k": [1, 2]]), ["k": [1, 2]]),
        ("an empty struct", Empty(), [:]),
        (
            "a struct with every kind of field",
            Row(title: "T", done: false, estimate: 1.5, project: nil, tags: ["x"], priority: .low),
            ["title": "T", "done": false, "estimate": 1.5, "project": nil, "tags": ["x"], "priority": "low"]
        ),
        (
            "a nested struct",
            Row(title: "T", done: true, estimate: 0, project: Project(id: 3, name: "P"), tags: [], priority: .high),
            [
                "title": "T", "done": true, "estimate": 0.0, "project": ["id": 3, "name": "P"], "tags": [],
                "priority": "high",
            ]
        ),
        (
            "nested containers and a super encoder",
            Custom(),
            ["a": 1, "inner": ["a": "x"], "items": [true, ["a": 2]], "base": "base"]
        ),
    ]

    @Test(arguments: Self.cases)
    func aValueBecomesTheViewModelItStandsFor(
        _ name: String,
        _ value: any Encodable & Sendable,
        _ expected: ViewModel
    ) throws {
        #expect(try ViewModel(encoding: value) == expected, "\(name)")
    }

    @Test func fieldsKeepTheOrderOfTheCodingKeys() throws {
        let row = Row(title: "T", done: false, estimate: 1, project: nil, tags: [], priority: .low)
        guard case .object(let fields) = try ViewModel(encoding: row) else {
            Issue.record("not an object")
            return
        }
        #expect(fields.keys == ["title", "done", "estimate", "project", "tags", "priority"])
    }

    @Test func aListOfValuesEqualsTheListWrittenByHand() throws {
        let projects = [Project(id: 1, name: "Garden"), Project(id: 2, name: "Tea party"), Project(id: 3, name: "")]
        let byHand = ViewModel.list(projects) { project, fields in
            fields["id"] = .int(project.id)
            fields["name"] = .string(project.name)
        }
        #expect(try ViewModel.list(encoding: projects) == byHand)
        #expect(try ViewModel(encoding: ["projects": projects]) == ["projects": byHand])
        #expect(try ViewModel.list(encoding: [Project]()) == [])
        #expect(try ViewModel.list(encoding: [1, 2]) == [1, 2])
    }

    /// Remembers, weakly, the encoder that wrote it.
    final class EncoderSpy: Encodable {
        weak var encoder: AnyObject?
        enum Keys: CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            self.encoder = encoder as AnyObject
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
        }
    }

    struct Spied: Encodable {
        let rows: [EncoderSpy]
        let nested: EncoderSpy
    }

    @Test func encodingLeavesNoWriterBehind() throws {
        let spied = Spied(rows: [EncoderSpy(), EncoderSpy()], nested: EncoderSpy())
        let model = try ViewModel(encoding: spied)
        #expect(model == ["rows": [["a": 1], ["a": 1]], "nested": ["a": 1]])
        // The row writer and the nested writer were freed with the writer that made them.
        #expect(spied.rows[0].encoder == nil)
        #expect(spied.nested.encoder == nil)
    }

    @Test func aValueThatEncodesNothingIsAnError() {
        #expect(throws: EncodingError.self) { try ViewModel(encoding: Nothing()) }
        #expect(throws: EncodingError.self) { try ViewModel(encoding: ["n": Nothing()]) }
    }

    @Test func anEncodableScreenIsItsOwnViewModel() async throws {
        struct Greeting: Screen, Encodable {
            let name: String
            let visits: Int
            var template: String { "hello/greeting" }
            var title: String { self.name }
        }
        // Read as the host reads it: through `Screen`'s requirement.
        let screen: any Screen = Greeting(name: "Ann", visits: 2)
        #expect(try await screen.viewModel == ["name": "Ann", "visits": 2])
    }

    @Test func aViewModelEncodesAsTheJSONItStandsFor() throws {
        let model: ViewModel = ["a": [1, 2.5, "x", nil, true], "b": ["c": "d"]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(model), as: UTF8.self)
        #expect(json == #"{"a":[1,2.5,"x",null,true],"b":{"c":"d"}}"#)
        #expect(try JSONDecoder().decode(ViewModel.self, from: Data(json.utf8)) == model)
    }
}
