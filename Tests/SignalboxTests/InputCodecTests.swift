import Foundation
import Signalbox
import Testing

/// One row of the codec table: a value, its canonical segment, and whether decoding the segment
/// gives the value back.
struct CodecRow: Sendable, CustomTestStringConvertible {
    let segment: String
    let encode: @Sendable () throws -> String
    let decodesBack: @Sendable () throws -> Bool
    let testDescription: String

    static func row<T: Codable & Equatable & Sendable>(_ value: T, _ segment: String) -> CodecRow {
        CodecRow(
            segment: segment,
            encode: { try PathCodec.segment(for: value) },
            decodesBack: { try PathCodec.value(T.self, fromSegment: segment[...]) == value },
            testDescription: "\(T.self) → \(segment)"
        )
    }
}

/// A type whose `Codable` conformance loses data: it cannot be a route input.
struct Lossy: Codable, Equatable, Sendable {
    var value: Int
    init(value: Int) { self.value = value }
    init(from decoder: any Decoder) throws { self.value = try decoder.singleValueContainer().decode(Int.self) + 1 }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.value)
    }
}

@Suite struct InputCodecTests {
    @Test(arguments: [
        CodecRow.row(3, "3"),
        CodecRow.row("a b/c", "a%20b%2Fc"),
        CodecRow.row("", "~"),
        CodecRow.row(1.5, "1.5"),
        CodecRow.row(true, "true"),
        CodecRow.row(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"),
        CodecRow.row(ItemFilter.Sort.due, "due"),
        CodecRow.row([1, 2, 3], "(1,2,3)"),
        CodecRow.row([[1], []], "((1),())"),
        CodecRow.row([String](), "()"),
        CodecRow.row(["b": 2, "a": 1], "(a=1,b=2)"),
        CodecRow.row([10: "x", 9: "y"], "(10=x,9=y)"),
        CodecRow.row(ItemFilter(text: "milk"), "(sort=title,tags=(),text=milk)"),
        CodecRow.row(
            ItemFilter(text: "a=b,(c)", tags: ["x", "", "ü"], done: false, sort: .due),
            "(done=false,sort=due,tags=(x,~,%C3%BC),text=a%3Db%2C%28c%29)"
        ),
        CodecRow.row(
            [ItemFilter(text: "1"), ItemFilter(text: "2", done: true)],
            "((sort=title,tags=(),text=1),(done=true,sort=title,tags=(),text=2))"
        ),
    ])
    func valuesHaveOneReadableCanonicalSegment(_ row: CodecRow) throws {
        #expect(try row.encode() == row.segment)
        #expect(try row.decodesBack())
    }

    @Test(
        arguments: [
            ("(text=milk,tags=(),sort=title)", "(sort=title,tags=(),text=milk)"),
            ("(sort=title,tags=(),text=m%69lk)", "(sort=title,tags=(),text=milk)"),
            ("(sort=title,tags=(),text=milk,extra=1)", "(sort=title,tags=(),text=milk)"),
            ("(sort=title,tags=,text=milk)", nil),
        ] as [(String, String?)]
    )
    func otherSpellingsDecodeToTheCanonicalSegment(_ spelling: String, _ canonical: String?) throws {
        guard let canonical else {
            #expect(throws: InputDecodingError.self) {
                try PathCodec.value(ItemFilter.self, fromSegment: spelling[...])
            }
            return
        }
        let value = try PathCodec.value(ItemFilter.self, fromSegment: spelling[...])
        #expect(try PathCodec.segment(for: value) == canonical)
    }

    @Test(arguments: [
        ("milk", "expected a record"),
        ("(sort=title,tags=(),text=milk", "missing \")\""),
        ("(sort=title,tags=(),text=a,text=b)", "the field \"text\" appears twice"),
        ("(sort=title,tags=x,text=milk)", "tags: expected a list"),
        ("(sort=title,tags=((a)),text=milk)", "tags.0: expected String, got a list"),
        ("(sort=title,text=milk)", "tags: missing"),
        ("(sort=oldest,tags=(),text=milk)", "sort:"),
        ("(sort=title,tags=(a,b=c),text=milk)", "cannot mix"),
        ("(sort=title,tags=(),text=milk)x", "unexpected \"x\""),
        ("(sort=title,tags=(),text=%ZZ)", "malformed percent-escape"),
        ("(sort=title,(a)=b,text=milk)", "a field name must be plain text"),
    ])
    func malformedSegmentsSayWhatIsWrong(_ segment: String, _ reason: String) {
        #expect {
            try PathCodec.value(ItemFilter.self, fromSegment: segment[...])
        } throws: { error in
            (error as? InputDecodingError)?.reason.contains(reason) == true
        }
    }

    typealias Deep = [[[[[[[[[[[[[[[[[[[[Int]]]]]]]]]]]]]]]]]]]]

    @Test func nestingIsCappedBeforeDecoding() {
        let deep = String(repeating: "(", count: 40) + String(repeating: ")", count: 40)
        #expect {
            try PathCodec.value(Deep.self, fromSegment: deep[...])
        } throws: { error in
            (error as? InputDecodingError)?.reason.contains("nested deeper than 16 levels") == true
        }
    }

    @Test func valuesWithoutAStableSegmentAreRefused() {
        func reason(_ body: () throws(InputDecodingError) -> String) -> String? {
            do {
                _ = try body()
                return nil
            } catch {
                return error.reason
            }
        }
        #expect(
            reason { () throws(InputDecodingError) in try PathCodec.segment(for: Set([1, 2])) }?.contains(
                "has no order"
            ) == true
        )
        #expect(
            reason { () throws(InputDecodingError) in try PathCodec.segment(for: [true: 1]) }?.contains("has no order")
                == true
        )
        #expect(
            reason { () throws(InputDecodingError) in try PathCodec.segment(for: [1, nil, 3] as [Int?]) }?.contains(
                "nil can only be an absent optional field"
            ) == true
        )
        #expect(
            reason { () throws(InputDecodingError) in try PathCodec.segment(for: Lossy(value: 1)) }?.contains(
                "does not decode to the value it encodes"
            ) == true
        )
    }
}

/// Routes taking structured inputs and several arguments, through the tree: paths, the router,
/// snapshots and focusFirst.
@Suite struct CodableRouteTests {
    private func items() async throws -> (NavigationTree, ItemsCoordinator) {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "ann"))
        try await tree.apply(path: "/member/items")
        let items = try #require(tree.routers.retrieve(ItemsCoordinator.self)?.coordinator)
        return (tree, items)
    }

    @Test func aStructInputIsOneReadableSegmentThatRebuildsTheScreen() async throws {
        let (tree, items) = try await self.items()
        let filter = ItemFilter(text: "milk & eggs", tags: ["home"], done: false)
        try await items.route(to: \.filter, filter)
        let path = "/member/items/filter/(done=false,sort=title,tags=(home),text=milk%20%26%20eggs)"
        #expect(tree.path == path)

        let (fresh, freshApp) = makeTree()
        try await freshApp.root(\.member, User(name: "ann"))
        #expect(try await fresh.apply(path: path) == .applied(path: path))
        #expect(try await fresh.titles().last == "filter \(filter)")
    }

    @Test func anotherSpellingOfTheSameInputAppliesAsTheCanonicalPath() async throws {
        let (tree, _) = try await self.items()
        let outcome = try await tree.apply(path: "/member/items/filter/(text=milk,tags=(),sort=title)")
        #expect(outcome == .applied(path: "/member/items/filter/(sort=title,tags=(),text=milk)"))
    }

    @Test func aFactoryWithSeveralArgumentsTakesOneSegmentEach() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.cell, (2, "B 1"))
        #expect(tree.path == "/member/items/cell/2/B%201")
        try await tree.apply(path: "/member/items/cell/2/B%201/cell/3/C")
        #expect(try await tree.titles() == ["list", "cell 2:B 1", "cell 3:C"])
        // The kept entry is the same instance: its segments were spelled exactly.
        try await tree.apply(path: "/member/items/cell/2/B%201")
        #expect(tree.path == "/member/items/cell/2/B%201")
    }

    @Test(arguments: [
        ("/member/items/cell/2", "needs an input"),
        ("/member/items/cell/x/B", "argument 1: expected an integer"),
        ("/member/items/filter/milk", "expected a record"),
        ("/member/items/filter/(sort=title,tags=(),text=milk", "missing \")\""),
    ])
    func badInputsInPathsAreRefusedWithTheReason(_ path: String, _ reason: String) async throws {
        let (tree, _) = try await self.items()
        let before = tree.path
        await #expect {
            try await tree.apply(path: path)
        } throws: { error in
            "\(error)".contains(reason)
        }
        #expect(tree.path == before)
    }

    @Test func snapshotsKeepStructuredAndSeveralInputs() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.filter, ItemFilter(text: "a,b", tags: [], done: nil, sort: .due))
        try await items.route(to: \.cell, (7, "Z/Y"))
        let snapshot = try tree.snapshot()
        let (restored, _) = makeTree()
        try await restored.restore(snapshot)
        #expect(restored.path == tree.path)
        #expect(try await restored.titles() == tree.titles())
        #expect(try restored.snapshot() == snapshot)
    }

    @Test func focusFirstFindsAnEntryByAnEqualStructuredInput() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.filter, ItemFilter(text: "a"))
        try await items.route(to: \.filter, ItemFilter(text: "b"))
        try await items.route(to: \.cell, (1, "A"))
        try await items.focusFirst(\.filter, ItemFilter(text: "b"))
        #expect(tree.path.hasSuffix("/filter/(sort=title,tags=(),text=b)"))
        try await items.route(to: \.cell, (1, "A"))
        try await items.route(to: \.cell, (2, "B"))
        try await items.focusFirst(\.cell, (1, "A"))
        #expect(tree.path.hasSuffix(",text=b)/cell/1/A"))
    }

    @Test func anInputThatCannotBeWrittenIsRefusedBeforeTheGuardIsAsked() async throws {
        let coordinator = TagsCoordinator()
        let tree = NavigationTree(root: coordinator)
        await #expect {
            _ = try await coordinator.route(to: \.tags, Set(["a", "b"]))
        } throws: { error in
            guard case NavigationError.badInput(route: "tags", _, let reason)? = error as? NavigationError else {
                return false
            }
            return reason.contains("has no order")
        }
        #expect(coordinator.attempts == 0)
        #expect(tree.path == "/")
        try await coordinator.route(to: \.list, ["a", "b"])
        #expect(coordinator.attempts == 1)
        #expect(tree.path == "/list/(a,b)")
    }
}

/// A coordinator with a route whose input has no stable segment, and one that has.
final class TagsCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \TagsCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var tags = makeTags
    @Route(.push) var list = makeList
    var attempts = 0

    func makeStart() -> TestScreen { TestScreen("start") }
    func makeTags(_ tags: Set<String>) -> TestScreen { TestScreen("tags") }
    func makeList(_ tags: [String]) -> TestScreen { TestScreen("list") }
    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        self.attempts += 1
        return .allow
    }
}
