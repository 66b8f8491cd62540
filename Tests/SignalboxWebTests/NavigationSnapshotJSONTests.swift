import Foundation
import PropertyBased
import Signalbox
import SignalboxHTTP
import SignalboxTesting
@_spi(SessionStores) import SignalboxWeb
import Synchronization
import Testing

/// `NavigationSnapshot.jsonText`, the hand-written encoder session stores persist and JSON
/// answers show as `tree`: `JSONDecoder` reads it back to an equal snapshot, and it is byte for
/// byte what `JSONEncoder` (sorted keys, slashes as they are) wrote before, markup escaped, for
/// every string without U+007F (which `jsonText` escapes and `JSONEncoder` does not).
@Suite struct NavigationSnapshotJSONTests {
    /// The snapshot's JSON as it was written before `jsonText`.
    static func reference(_ snapshot: NavigationSnapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return JSONEscaping.escapingMarkup(inJSON: String(decoding: try encoder.encode(snapshot), as: UTF8.self))
    }

    static func decoded(_ text: String) throws -> NavigationSnapshot {
        try JSONDecoder().decode(NavigationSnapshot.self, from: Data(text.utf8))
    }

    /// A navigation coordinator with a root (without input) and `stack`.
    static func navigation(
        _ type: String = "App",
        root: String = "home",
        _ stack: [EntrySnapshot] = []
    )
        -> CoordinatorSnapshot
    {
        .navigation(type: type, root: EntrySnapshot(route: root), stack: stack)
    }

    static let shapes: [(String, NavigationSnapshot)] = [
        ("navigation, empty stack", NavigationSnapshot(root: Self.navigation())),
        (
            "root with an input",
            NavigationSnapshot(
                root: .navigation(
                    type: "App",
                    root: EntrySnapshot(route: "member", input: #"{"name":"ann"}"#),
                    stack: []
                )
            )
        ),
        (
            "every presentation, with and without input",
            NavigationSnapshot(
                root: Self.navigation(
                    "Items",
                    root: "list",
                    [
                        EntrySnapshot(route: "item", presentation: .push, input: "3"),
                        EntrySnapshot(route: "create", presentation: .modal),
                        EntrySnapshot(route: "terms", presentation: .modalNonDismissible, input: "a%2Fb"),
                        EntrySnapshot(route: "wizard", presentation: .fullScreen),
                    ]
                )
            )
        ),
        (
            "entry with a child, no input, no presentation",
            NavigationSnapshot(
                root: Self.navigation("App", [EntrySnapshot(route: "signup", child: Self.navigation("Signup"))])
            )
        ),
        (
            "entry with child, input and presentation",
            NavigationSnapshot(
                root: Self.navigation(
                    "App",
                    [
                        EntrySnapshot(
                            route: "nested",
                            presentation: .modal,
                            input: "x",
                            child: Self.navigation("Lab", root: "bench")
                        )
                    ]
                )
            )
        ),
        ("tabs, none built", NavigationSnapshot(root: .tabs(type: "Tabs", active: "home", tabs: []))),
        (
            "tabs with and without child",
            NavigationSnapshot(
                root: .tabs(
                    type: "Tabs",
                    active: "items",
                    tabs: [
                        TabSnapshot(name: "home"),
                        TabSnapshot(name: "items", child: Self.navigation("Items", root: "list")),
                        TabSnapshot(name: "lab"),
                    ]
                )
            )
        ),
        ("wrapper", NavigationSnapshot(root: .wrapper(type: "Card", child: Self.navigation("Items", root: "list")))),
        (
            "wrapper over wrapper over tabs",
            NavigationSnapshot(
                root: .wrapper(
                    type: "Outer",
                    child: .wrapper(
                        type: "Inner",
                        child: .tabs(type: "Tabs", active: "a", tabs: [TabSnapshot(name: "a")])
                    )
                )
            )
        ),
        (
            "the fixture app's shape: root input, tabs, wrapper, nested stacks",
            NavigationSnapshot(
                root: .navigation(
                    type: "AppCoordinator",
                    root: EntrySnapshot(
                        route: "member",
                        input: #"{"name":"ann"}"#,
                        child: .tabs(
                            type: "MemberTabs",
                            active: "items",
                            tabs: [
                                TabSnapshot(name: "home", child: nil),
                                TabSnapshot(
                                    name: "items",
                                    child: .wrapper(
                                        type: "WrapperCoordinator<ItemsCoordinator>",
                                        child: Self.navigation(
                                            "ItemsCoordinator",
                                            root: "list",
                                            [
                                                EntrySnapshot(route: "item", presentation: .push, input: "1"),
                                                EntrySnapshot(
                                                    route: "wizard",
                                                    presentation: .fullScreen,
                                                    child: Self.navigation(
                                                        "WizardCoordinator",
                                                        root: "step1",
                                                        [EntrySnapshot(route: "step2", presentation: .push)]
                                                    )
                                                ),
                                            ]
                                        )
                                    )
                                ),
                                TabSnapshot(
                                    name: "lab",
                                    child: Self.navigation(
                                        "LabCoordinator",
                                        root: "bench",
                                        [
                                            EntrySnapshot(
                                                route: "nestedModal",
                                                presentation: .modal,
                                                child: Self.navigation("LabCoordinator", root: "bench")
                                            )
                                        ]
                                    )
                                ),
                            ]
                        )
                    ),
                    stack: [EntrySnapshot(route: "about", presentation: .modal)]
                ),
                pendingPath: "/member/items/item/1"
            )
        ),
        ("pending path", NavigationSnapshot(root: Self.navigation(), pendingPath: "/member/items")),
        ("empty pending path", NavigationSnapshot(root: Self.navigation(), pendingPath: "")),
        (
            "notices",
            NavigationSnapshot(
                root: Self.navigation(),
                notices: Notice.Kind.allCases.map { Notice($0, "Todo “\($0)” saved.") }
            )
        ),
        (
            "drafts, with notices and submissions",
            NavigationSnapshot(
                root: Self.navigation(),
                submissions: [AnsweredSubmission(key: "k", path: "/a")],
                notices: [Notice(.info, "Hi")],
                drafts: [
                    Draft(path: "/items/create", fields: [Draft.Field(name: "title", value: "Buy <oat>\nmilk")]),
                    Draft(
                        path: "/items/item/3/edit",
                        fields: [Draft.Field(name: "tag", value: "a"), Draft.Field(name: "tag", value: "")]
                    ),
                ]
            )
        ),
    ]

    @Test(arguments: Self.shapes)
    func everyShapeDecodesBackAndMatchesTheEncodersBytes(_ shape: String, _ snapshot: NavigationSnapshot) throws {
        let text = snapshot.jsonText
        #expect(try Self.decoded(text) == snapshot)
        #expect(Array(text.utf8) == Array(try Self.reference(snapshot).utf8))
    }

    @Test(arguments: [
        (
            NavigationSnapshot(root: Self.navigation()),
            #"{"root":{"navigation":{"root":{"route":"home"},"stack":[],"type":"App"}}}"#
        ),
        (
            NavigationSnapshot(
                root: .navigation(
                    type: "App",
                    root: EntrySnapshot(route: "member", input: #"{"name":"<ann>"}"#),
                    stack: [
                        EntrySnapshot(
                            route: "item",
                            presentation: .modalNonDismissible,
                            input: "a/b",
                            child: .wrapper(
                                type: "W",
                                child: .tabs(
                                    type: "T",
                                    active: "b",
                                    tabs: [TabSnapshot(name: "a"), TabSnapshot(name: "b", child: Self.navigation())]
                                )
                            )
                        )
                    ]
                ),
                pendingPath: "/x/y"
            ),
            #"{"pendingPath":"/x/y","root":{"navigation":{"root":{"input":"{\"name\":\"\u003cann\u003e\"}","route":"member"},"#
                + #""stack":[{"child":{"wrapper":{"child":{"tabs":{"active":"b","tabs":[{"name":"a"},{"child":"#
                + #"{"navigation":{"root":{"route":"home"},"stack":[],"type":"App"}},"name":"b"}],"type":"T"}},"#
                + #""type":"W"}},"input":"a/b","presentation":"modalNonDismissible","route":"item"}],"type":"App"}}}"#
        ),
    ])
    func theTextIsPinned(_ snapshot: NavigationSnapshot, _ expected: String) {
        #expect(snapshot.jsonText == expected)
    }

    static let trickyStrings: [String] = [
        "", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1B}", "\u{1F}",
        "/", "<", ">", "&", "'", "</script>", "\u{2028}", "\u{2029}", "€", "…", "é", "e\u{301}", "🚀", "👩‍👩‍👧",
        "\\u0041", "\\\"", "\\n",
        "a\"b\\c/d\ne\rf\tg\u{08}h\u{0C}i\u{00}j\u{1F}k<l>m&n'o\u{2028}p\u{2029}q é🚀€",
    ]

    /// `text` in every string position of a snapshot of every shape, alone and mid-string.
    static func everywhere(_ text: String) -> NavigationSnapshot {
        let mid = "a\(text)z"
        let innermost = CoordinatorSnapshot.navigation(
            type: text,
            root: EntrySnapshot(route: text, input: mid),
            stack: [EntrySnapshot(route: mid, presentation: .push, input: text)]
        )
        let tabs = CoordinatorSnapshot.tabs(
            type: mid,
            active: text,
            tabs: [TabSnapshot(name: text, child: .wrapper(type: text, child: innermost)), TabSnapshot(name: mid)]
        )
        return NavigationSnapshot(
            root: .navigation(
                type: mid,
                root: EntrySnapshot(route: mid, input: text, child: .wrapper(type: mid, child: tabs)),
                stack: [
                    EntrySnapshot(route: text, presentation: .modal, input: mid, child: tabs),
                    EntrySnapshot(route: text, presentation: .fullScreen),
                ]
            ),
            pendingPath: text,
            submissions: [AnsweredSubmission(key: text, path: mid)],
            notices: [Notice(.success, text), Notice(.error, mid)]
        )
    }

    @Test(arguments: Self.trickyStrings)
    func trickyStringsInEveryPositionDecodeBackAndMatchTheEncodersBytes(_ text: String) throws {
        let snapshot = Self.everywhere(text)
        let json = snapshot.jsonText
        #expect(try Self.decoded(json) == snapshot)
        #expect(Array(json.utf8) == Array(try Self.reference(snapshot).utf8))
        // Nothing a page or a script could trip on is left raw.
        #expect(!json.utf8.contains { $0 < 0x20 || $0 == 0x7F || "<>&'".utf8.contains($0) })
        #expect(!json.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
    }

    /// The one difference from `JSONEncoder`: DEL is escaped, like in every other Signalbox JSON.
    @Test func deleteIsEscapedAndStillDecodesBack() throws {
        let snapshot = Self.everywhere("\u{7F}x\u{7F}")
        let json = snapshot.jsonText
        #expect(try Self.decoded(json) == snapshot)
        #expect(!json.utf8.contains(0x7F))
        #expect(json == (try Self.reference(snapshot)).replacing("\u{7F}", with: "\\u007f"))
    }

    @Test func randomSnapshotsDecodeBackAndMatchTheEncodersBytes() async {
        let streams = Gen.int(in: 0...1_000_000).array(of: 0...400)
        let seen = Mutex((delete: 0, tabs: 0, wrapper: 0, pending: 0, deep: 0))
        await propertyCheck(count: 500, input: streams) { numbers throws in
            var random = RandomSnapshot(numbers)
            let snapshot = random.snapshot()
            let json = snapshot.jsonText
            #expect(try Self.decoded(json) == snapshot, "\(json)")
            let withoutDelete = snapshot.mappingStrings { string in
                String(String.UnicodeScalarView(string.unicodeScalars.filter { $0 != "\u{7F}" }))
            }
            #expect(Array(withoutDelete.jsonText.utf8) == Array(try Self.reference(withoutDelete).utf8), "\(json)")
            seen.withLock {
                if json.contains("\\u007f") { $0.delete += 1 }
                if json.contains("{\"tabs\":") { $0.tabs += 1 }
                if json.contains("{\"wrapper\":") { $0.wrapper += 1 }
                if snapshot.pendingPath != nil { $0.pending += 1 }
                if random.deepest >= 3 { $0.deep += 1 }
            }
        }
        // The property must not hold vacuously.
        let counts = seen.withLock { $0 }
        #expect(counts.delete > 50, "\(counts)")
        #expect(counts.tabs > 100, "\(counts)")
        #expect(counts.wrapper > 100, "\(counts)")
        #expect(counts.pending > 100, "\(counts)")
        #expect(counts.deep > 50, "\(counts)")
    }

    /// Through the web app: a JSON answer embeds `jsonText` as `tree`, and it decodes to the
    /// session's snapshot: with quotes, backslashes, markup, U+2028 and non-ASCII in the root
    /// input (the user's JSON), and `'` in the pending path.
    @Test func aJSONAnswersTreeIsTheSessionsSnapshot() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        let name = "a\"b\\c</script>\u{2028}é🚀\t'&"

        func checkTree(_ path: String) async throws -> NavigationSnapshot {
            let reply = try await browser.get(path, json: true)
            #expect(reply.status == 200)
            let id = try #require(browser.sessionID)
            let snapshot = try #require(try await harness.snapshot(of: id))
            #expect(reply.body.contains("\"tree\":" + snapshot.jsonText))
            let tree = try #require(reply.json["tree"])
            let decoded = try JSONDecoder().decode(
                NavigationSnapshot.self,
                from: try JSONSerialization.data(withJSONObject: tree)
            )
            #expect(decoded == snapshot)
            return snapshot
        }

        // A guest sent to the login page: the pending path is kept.
        let pending = try await checkTree("/member/items/n/%3Cb%3E%22'%26%5C%E2%80%A8")
        #expect(pending.pendingPath == "/member/items/n/%3Cb%3E%22'%26%5C%E2%80%A8")

        try await browser.post("/guest", ["action": "login", "name": name])
        try await browser.get("/member/lab/nested/nestedModal/sheet")
        let member = try await checkTree("/member/items/item/1/n/%3Cb%3E%22'%26%5C%E2%80%A8%C3%A9/pick")
        guard case .navigation(_, let root, _) = member.root else {
            Issue.record("expected the app's navigation snapshot")
            return
        }
        let input = try #require(root.input)
        #expect(try JSONDecoder().decode(User.self, from: Data(input.utf8)) == User(name: name))
    }
}

extension NavigationSnapshot {
    /// The snapshot with every string (type, route, input, tab, pending path) passed through `change`.
    fileprivate func mappingStrings(_ change: (String) -> String) -> NavigationSnapshot {
        NavigationSnapshot(root: self.root.mappingStrings(change), pendingPath: self.pendingPath.map(change))
    }
}

extension CoordinatorSnapshot {
    fileprivate func mappingStrings(_ change: (String) -> String) -> CoordinatorSnapshot {
        switch self {
        case .navigation(let type, let root, let stack):
            .navigation(
                type: change(type),
                root: root.mappingStrings(change),
                stack: stack.map { $0.mappingStrings(change) }
            )
        case .tabs(let type, let active, let tabs):
            .tabs(
                type: change(type),
                active: change(active),
                tabs: tabs.map { TabSnapshot(name: change($0.name), child: $0.child?.mappingStrings(change)) }
            )
        case .wrapper(let type, let child):
            .wrapper(type: change(type), child: child.mappingStrings(change))
        }
    }
}

extension EntrySnapshot {
    fileprivate func mappingStrings(_ change: (String) -> String) -> EntrySnapshot {
        EntrySnapshot(
            route: change(self.route),
            presentation: self.presentation,
            input: self.input.map(change),
            child: self.child?.mappingStrings(change)
        )
    }
}

/// A snapshot of any shape, nested a few levels deep, with short strings of scalars the escaper
/// cares about (controls, DEL, quotes, markup, U+2028, U+2029, other 0xE2-led scalars) mixed with
/// any others, read from a stream of numbers (so the property check's shrinking works on them).
/// When the numbers run out, every choice is the first one.
private struct RandomSnapshot {
    private let numbers: [Int]
    private var next = 0
    /// The deepest coordinator built so far.
    private(set) var deepest = 0

    static let special: [Unicode.Scalar] = [
        "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}", "<", ">", "&", "'",
        "\u{2028}", "\u{2029}", "\u{20AC}", "\u{2026}", "\u{E9}", "\u{1F680}", "\u{FEFF}", "\u{301}",
    ]

    /// Coordinators this deep are navigation coordinators without children.
    static let maxDepth = 5

    init(_ numbers: [Int]) { self.numbers = numbers }

    /// A number in `0..<bound`.
    private mutating func number(_ bound: Int) -> Int {
        defer { self.next += 1 }
        return self.next < self.numbers.count ? self.numbers[self.next] % bound : 0
    }

    mutating func snapshot() -> NavigationSnapshot {
        let root = self.coordinator(depth: 0)
        return NavigationSnapshot(root: root, pendingPath: self.number(2) == 0 ? nil : self.string())
    }

    private mutating func coordinator(depth: Int) -> CoordinatorSnapshot {
        self.deepest = max(self.deepest, depth)
        switch depth >= Self.maxDepth ? 0 : self.number(3) {
        case 0:
            let type = self.string()
            let root = self.entry(depth: depth)
            var stack: [EntrySnapshot] = []
            for _ in 0..<self.number(4) { stack.append(self.entry(depth: depth)) }
            return .navigation(type: type, root: root, stack: stack)
        case 1:
            let type = self.string()
            let active = self.string()
            var tabs: [TabSnapshot] = []
            for _ in 0..<self.number(4) {
                let name = self.string()
                tabs.append(
                    TabSnapshot(name: name, child: self.number(2) == 0 ? nil : self.coordinator(depth: depth + 1))
                )
            }
            return .tabs(type: type, active: active, tabs: tabs)
        default:
            let type = self.string()
            return .wrapper(type: type, child: self.coordinator(depth: depth + 1))
        }
    }

    private mutating func entry(depth: Int) -> EntrySnapshot {
        let route = self.string()
        let presentation = Presentation.allCases.map(Optional.some) + [nil]
        return EntrySnapshot(
            route: route,
            presentation: presentation[self.number(presentation.count)],
            input: self.number(2) == 0 ? nil : self.string(),
            child: depth < Self.maxDepth && self.number(3) == 0 ? self.coordinator(depth: depth + 1) : nil
        )
    }

    private mutating func string() -> String {
        var string = ""
        for _ in 0..<self.number(7) { string.unicodeScalars.append(self.scalar()) }
        return string
    }

    private mutating func scalar() -> Unicode.Scalar {
        let number = self.number(1_000_000)
        switch number % 4 {
        case 0:
            return Self.special[number / 4 % Self.special.count]
        case 1:
            return Unicode.Scalar(UInt8(number / 4 % 128))
        case 2:
            // U+2000...U+2FFF: UTF-8 lead byte 0xE2, like U+2028 and U+2029.
            return Unicode.Scalar(UInt32(0x2000 + number / 4 % 0x1000))!
        default:
            // Anything else, surrogates excepted.
            let value = UInt32(0x80 + number / 4 * 4_457 % (0x11_0000 - 0x80))
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
    }
}
