import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

/// One Mustache feature: templates (the one rendered is `main`), a view model, and the output
/// swift-mustache 2.1.1 gives, which the compiled engine must give too.
struct MustacheFeature: CustomTestStringConvertible, Sendable {
    var name: String
    var templates: [String: String]
    var model: ViewModel
    var expected: String
    /// Whether the compiler accepts `main` (otherwise swift-mustache renders it in both engines).
    var compiles = true

    init(
        _ name: String,
        _ main: String,
        _ model: ViewModel = [:],
        _ expected: String,
        partials: [String: String] = [:],
        compiles: Bool = true
    ) {
        self.name = name
        self.templates = partials.merging(["main": main]) { _, main in main }
        self.model = model
        self.expected = expected
        self.compiles = compiles
    }

    var testDescription: String { self.name }
}

/// Every row renders with both engines; both must give exactly the expected bytes.
@Suite struct MustacheFeatureTests {
    static let layout =
        "<head>{{$head}}default head{{/head}}</head>\n<main>\n{{$main}}default main{{/main}}\n</main>\n"

    static let features: [MustacheFeature] = [
        // Variables and escaping
        .init("escaped variable", "{{x}}", ["x": "& < > \" '"], "&amp; &lt; &gt; &quot; &#39;"),
        .init("triple mustache is raw", "{{{x}}}", ["x": "& < > \" '"], "& < > \" '"),
        .init("ampersand is raw", "{{&x}}", ["x": "<b>"], "<b>"),
        .init("spaces inside tags", "{{ x }}|{{{ x }}}|{{& x }}", ["x": "<"], "&lt;|<|<"),
        .init("escaping next to non-ASCII", "{{x}}", ["x": "é<ü&\"日'"], "é&lt;ü&amp;&quot;日&#39;"),
        .init(
            "a quote joined with a combining mark stays",
            "{{x}}",
            ["x": "'\u{301}<\u{301}&"],
            "'\u{301}<\u{301}&amp;"
        ),
        .init(
            "integers, booleans, doubles",
            "{{i}} {{b}} {{f}} {{d}} {{z}} {{n}} {{one}}",
            ["i": 42, "b": true, "f": false, "d": 1.5, "z": 0, "n": -7, "one": 1],
            "42 true false 1.5 0 -7 1"
        ),
        .init("null and missing render nothing", "[{{n}}][{{missing}}][{{{n}}}]", ["n": .null], "[][][]"),
        .init("a list in a variable falls back to swift-mustache", "{{x}}", ["x": [1, 2]], "[1, 2]"),
        .init("text with lone carriage returns", "a\r{{x}}\rb", ["x": "v"], "a\rv\rb"),
        .init("comments vanish", "a{{! a comment }}b", [:], "ab"),
        // Sections
        .init(
            "section over a list of objects",
            "{{#items}}<{{name}}>{{/items}}",
            ["items": [["name": "a"], ["name": "b&"]]],
            "<a><b&amp;>"
        ),
        .init(
            "section over a list of scalars",
            "{{#items}}[{{.}}]{{/items}}",
            ["items": ["<a>", "b", 3]],
            "[&lt;a&gt;][b][3]"
        ),
        .init("section over an empty list", "[{{#items}}x{{/items}}]", ["items": []], "[]"),
        .init("section over true and false", "{{#t}}T{{/t}}{{#f}}F{{/f}}", ["t": true, "f": false], "T"),
        .init("section over an object", "{{#user}}{{name}}{{/user}}", ["user": ["name": "ann"]], "ann"),
        .init("section over null and missing", "[{{#n}}x{{/n}}{{#m}}y{{/m}}]", ["n": .null], "[]"),
        .init(
            "section over a string or zero pushes it",
            "{{#s}}[{{.}}]{{/s}}{{#z}}({{.}}){{/z}}",
            ["s": "x", "z": 0],
            "[x](0)"
        ),
        .init("nested lists", "{{#rows}}<{{#.}}{{.}}{{/.}}>{{/rows}}", ["rows": [[1, 2], [3]]], "<12><3>"),
        .init(
            "inverted sections",
            "{{^e}}E{{/e}}{{^f}}F{{/f}}{{^n}}N{{/n}}{{^m}}M{{/m}}{{^t}}T{{/t}}{{^l}}L{{/l}}",
            ["e": [], "f": false, "n": .null, "t": true, "l": [1]],
            "EFNM"
        ),
        .init("inverted section over an empty list names it", "{{^e}}{{.}}{{/e}}", ["e": []], "[]"),
        // Names
        .init("dotted names", "{{a.b.c}}|{{a.b.x}}|{{a.x.c}}", ["a": ["b": ["c": "deep"]]], "deep||"),
        .init(
            "names climb the context stack",
            "{{#items}}{{name}}-{{title}};{{/items}}",
            ["title": "T", "items": [["name": "a"], ["name": "b", "title": "own"]]],
            "a-T;b-own;"
        ),
        .init(
            "null stops the climb",
            "{{#items}}[{{title}}]{{/items}}",
            ["title": "T", "items": [["title": .null]]],
            "[]"
        ),
        .init(
            "anchored names do not climb",
            "{{#items}}[{{.title}}|{{title}}]{{/items}}",
            ["title": "T", "items": [["name": "a"]]],
            "[|T]"
        ),
        .init(
            "a dotted name's first part climbs",
            "{{#items}}{{user.name}}{{/items}}",
            ["user": ["name": "ann"], "items": [1, 2]],
            "annann"
        ),
        .init("a name with no parts is the current context", "{{#s}}[{{..}}]{{/s}}", ["s": "x"], "[x]"),
        .init("a non-object root is the context", "{{#.}}<{{.}}>{{/.}}", ["a", "b"], "<a><b>"),
        // Standalone lines
        .init("standalone section lines vanish", "a\n  {{#x}}\n  b\n  {{/x}}\nc\n", ["x": true], "a\n  b\nc\n"),
        .init("standalone lines with CRLF", "a\r\n{{#x}}\r\nb\r\n{{/x}}\r\n", ["x": true], "a\r\nb\r\n"),
        .init("standalone inverted and comment lines", "a\n\t{{^x}}\nb\n{{/x}}\n {{! note }} \nc", [:], "a\nb\nc"),
        .init(
            "tags that are not alone keep their line",
            "  {{#x}}y{{/x}}  \n-{{#x}}\nz\n{{/x}}",
            ["x": true],
            "  y  \n-\nz\n"
        ),
        .init("a variable is never standalone", "  {{x}}\n", ["x": "v"], "  v\n"),
        .init("a lone carriage return does not start a line", "a\r{{#x}}\r\nb{{/x}}", ["x": true], "a\r\r\nb"),
        .init("a standalone tag at the very end", "a\n{{#x}}b{{/x}}", ["x": true], "a\nb"),
        // Partials and inheritance
        .init("partials", "[{{>p}}]", ["x": "v"], "[v]", partials: ["p": "{{x}}"]),
        .init("standalone partial line", "a\n{{>p}}\nb", [:], "a\nP\nb", partials: ["p": "P\n"]),
        .init(
            "partials see the context stack",
            "{{#items}}{{>p}}{{/items}}",
            ["items": [["n": 1], ["n": 2]]],
            "(1)(2)",
            partials: ["p": "({{n}})"]
        ),
        .init(
            "an indented standalone partial is left to swift-mustache",
            "  {{>p}}\n",
            [:],
            "  a\n  b\n",
            partials: ["p": "a\nb\n"],
            compiles: false
        ),
        .init(
            "inheritance with the defaults",
            "{{<layout}}{{/layout}}",
            [:],
            "<head>default head</head>\n<main>\ndefault main\n</main>\n",
            partials: ["layout": Self.layout]
        ),
        .init(
            "inheritance overriding a block",
            "{{<layout}}{{$main}}<p>{{x}}</p>{{/main}}{{/layout}}",
            ["x": "&"],
            "<head>default head</head>\n<main>\n<p>&amp;</p>\n</main>\n",
            partials: ["layout": Self.layout]
        ),
        .init(
            "inheritance on standalone lines",
            "{{<layout}}\n{{$head}}\n<title>{{x}}</title>\n{{/head}}\n{{$main}}\nbody\n{{/main}}\n{{/layout}}\n",
            ["x": "t"],
            "<head><title>t</title>\n</head>\n<main>\nbody\n\n</main>\n",
            partials: ["layout": Self.layout]
        ),
        .init(
            "the outermost override wins",
            "{{<middle}}{{$b}}main{{/b}}{{/middle}}",
            [:],
            "[main]",
            partials: ["middle": "{{<base}}{{$b}}middle{{/b}}{{/base}}", "base": "[{{$b}}base{{/b}}]"]
        ),
        .init(
            "a block inside a section",
            "{{<base}}{{$b}}{{.}}{{/b}}{{/base}}",
            ["items": [1, 2]],
            "12",
            partials: ["base": "{{#items}}{{$b}}?{{/b}}{{/items}}"]
        ),
        // Declined by the compiler, rendered by swift-mustache in both engines
        .init("set delimiters", "{{=<% %>=}}<%x%>", ["x": "v"], "v", compiles: false),
        .init(
            "a partial the compiler declines declines its includer",
            "[{{>p}}]",
            ["x": "v"],
            "[v]",
            partials: ["p": "{{=<% %>=}}<%x%>"],
            compiles: false
        ),
        .init(
            "integers of every width",
            "{{a}} {{b}} {{c}} {{d}} {{e}} {{f}}",
            ["a": .int(Int.min), "b": .int(Int.max), "c": -7, "d": 10, "e": 0, "f": 9],
            "\(Int.min) \(Int.max) -7 10 0 9"
        ),
        // A fresh renderer reserves a few hundred bytes: this page is written again with room for all.
        .init(
            "an output many times the room reserved for it",
            "{{#rows}}<li>{{name}} {{n}}</li>{{/rows}}",
            ["rows": .list((0..<500).map { ["name": "row & more", "n": .int($0)] })],
            (0..<500).map { "<li>row &amp; more \($0)</li>" }.joined()
        ),
        .init(
            "recursive partials",
            "{{>node}}",
            ["name": "a", "kids": [["name": "b", "kids": []]]],
            "a(b())",
            partials: ["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"],
            compiles: false
        ),
    ]

    @Test(arguments: Self.features)
    func bothEnginesRenderTheExpectedBytes(_ feature: MustacheFeature) throws {
        let interpreted = try MustacheRenderer(
            templates: feature.templates,
            includeDefaults: false,
            engine: .swiftMustache
        )
        let compiled = try MustacheRenderer(templates: feature.templates, includeDefaults: false)
        #expect(compiled.engine == .compiled)
        #expect(interpreted.interpretedTemplates.isEmpty)
        #expect((compiled.interpretedTemplates["main"] == nil) == feature.compiles, "\(compiled.interpretedTemplates)")
        let reference = try interpreted.render("main", with: feature.model)
        #expect(reference == feature.expected, "swift-mustache")
        // A page goes to the response body as bytes, written without a String in between (first,
        // so with only the room a fresh renderer reserves).
        #expect(try compiled.renderUTF8("main", with: feature.model) == Array(reference.utf8), "compiled, as bytes")
        #expect(try compiled.render("main", with: feature.model) == reference, "compiled")
    }
}
