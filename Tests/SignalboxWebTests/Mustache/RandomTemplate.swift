import Signalbox
import SignalboxTesting

/// Random Mustache templates and view models from a stream of integers (what the property test
/// generates and shrinks): text with special characters and newlines, `{{x}}`, `{{{x}}}`,
/// `{{&x}}`, sections, inverted sections, dotted and anchored names, standalone tags on their own
/// lines, comments, partials (plain, standalone, indented) and `{{<parent}}` inheritance.
///
/// `main` may use the partials `p1`, `p2` and the parent `parent`; `p1` may use `p2`; `p2` and
/// `parent` use none, so nothing recurses.
struct RandomTemplate {
    private var numbers: [Int]
    private var position = 0

    init(_ numbers: [Int]) {
        self.numbers = numbers
    }

    static let texts = [
        "a", " ", "<&>", "\"'", "\n", "\r\n", "  ", "é'", "}", "\t", "x\n", "'\u{301}", "&amp;", "\r", "日本",
    ]
    static let names = ["a", "b", "c", "items", "a.b", "b.c", ".a", ".", "items.a", "c.c.c"]
    static let keys = ["a", "b", "c", "items"]
    static let strings = ["", "x", "<b>", "a & b", "\"q\"", "it's", "é<", "'\u{301}", "line\nbreak"]

    /// The next integer, `0` once the stream is used up.
    private mutating func next(_ bound: Int) -> Int {
        defer { self.position += 1 }
        guard self.position < self.numbers.count else { return 0 }
        return abs(self.numbers[self.position] % bound)
    }

    private mutating func name() -> String { Self.names[self.next(Self.names.count)] }

    /// The templates: `main`, `p1`, `p2` and `parent`.
    mutating func templates() -> [String: String] {
        let parent = self.template(depth: 1, partials: [], blocks: true)
        let p2 = self.template(depth: 1, partials: [], blocks: false)
        let p1 = self.template(depth: 1, partials: ["p2"], blocks: false)
        let main = self.template(depth: 0, partials: ["p1", "p2", "parent"], blocks: false)
        return ["main": main, "p1": p1, "p2": p2, "parent": parent]
    }

    private mutating func template(depth: Int, partials: [String], blocks: Bool) -> String {
        var text = ""
        for _ in 0..<self.next(depth < 2 ? 7 : 3) {
            text += self.piece(depth: depth, partials: partials, blocks: blocks)
        }
        return text
    }

    private mutating func piece(depth: Int, partials: [String], blocks: Bool) -> String {
        switch self.next(blocks ? 16 : 15) {
        case 0, 1, 2: return Self.texts[self.next(Self.texts.count)]
        case 3: return "{{\(self.name())}}"
        case 4: return "{{{\(self.name())}}}"
        case 5: return "{{& \(self.name()) }}"
        case 6, 7:
            let name = self.name()
            let sigil = self.next(2) == 0 ? "#" : "^"
            guard depth < 3 else { return "{{\(sigil)\(name)}}x{{/\(name)}}" }
            return "{{\(sigil)\(name)}}\(self.template(depth: depth + 1, partials: partials, blocks: blocks))"
                + "{{/\(name)}}"
        case 8:
            // standalone section tags on their own lines (indented or not)
            let name = self.name()
            let sigil = self.next(2) == 0 ? "#" : "^"
            let indent = ["", "  ", "\t"][self.next(3)]
            let body = depth < 3 ? self.template(depth: depth + 1, partials: partials, blocks: blocks) : "y"
            return "\n\(indent){{\(sigil)\(name)}}\n\(body)\n\(indent){{/\(name)}}\n"
        case 9: return ["\n{{! comment }}\n", "{{!c}}", "\n  {{! x }}  \r\n"][self.next(3)]
        case 10, 11:
            guard !partials.isEmpty else { return "{{c}}" }
            let partial = partials[self.next(partials.count)]
            if partial == "parent" { return self.inheritance(depth: depth) }
            return ["{{>\(partial)}}", "\n{{>\(partial)}}\n", "\n  {{> \(partial)}}\n"][self.next(3)]
        case 12: return "{{.}}"
        case 13: return self.next(2) == 0 ? "\r\n" : "\n\n"
        case 14: return "{{ \(self.name()) }}"
        default:
            let block = ["b1", "b2"][self.next(2)]
            return self.next(2) == 0
                ? "{{$\(block)}}\(self.template(depth: 3, partials: [], blocks: false)){{/\(block)}}"
                : "\n{{$\(block)}}\n\(self.template(depth: 3, partials: [], blocks: false))\n{{/\(block)}}\n"
        }
    }

    private mutating func inheritance(depth: Int) -> String {
        var text = self.next(2) == 0 ? "{{<parent}}" : "\n{{<parent}}\n"
        for block in ["b1", "b2"] where self.next(2) == 0 {
            let body = self.template(depth: 3, partials: [], blocks: false)
            text += self.next(2) == 0 ? "{{$\(block)}}\(body){{/\(block)}}" : "{{$\(block)}}\n\(body)\n{{/\(block)}}\n"
        }
        return text + "{{/parent}}"
    }

    /// A view model: an object with some of the keys, values of every kind.
    mutating func model() -> ViewModel {
        self.object(depth: 0)
    }

    private mutating func object(depth: Int) -> ViewModel {
        var fields: [String: ViewModel] = [:]
        for key in Self.keys where self.next(3) != 0 {
            fields[key] = self.value(depth: depth + 1)
        }
        return .object(fields)
    }

    private mutating func value(depth: Int) -> ViewModel {
        switch self.next(depth < 3 ? 10 : 6) {
        case 0: return .string(Self.strings[self.next(Self.strings.count)])
        case 1: return .int(self.next(5) - 1)
        case 2: return .bool(self.next(2) == 0)
        case 3: return .null
        case 4: return .double([0.5, 1, -2.25][self.next(3)])
        case 5: return .string(Self.strings[self.next(Self.strings.count)])
        case 6, 7: return self.object(depth: depth)
        default:
            return .list(
                (0..<self.next(4)).map { _ in
                    self.next(3) == 0 ? self.value(depth: depth + 1) : self.object(depth: depth + 1)
                }
            )
        }
    }
}
