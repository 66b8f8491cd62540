import Foundation
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct MustacheRendererTests {
    /// A fresh directory with `files` (relative path → text), removed afterwards.
    func withDirectory<T>(_ files: [String: String], _ body: (String) throws -> T) throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("signalbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try body(root.path)
    }

    @Test func loadsADirectoryRecursivelyByRelativeName() async throws {
        try self.withDirectory([
            "layout.mustache": "[{{{content}}}]", "todos/list.mustache": "{{#items}}[{{.}}]{{/items}}",
            "notes.txt": "ignored",
        ]) { directory in
            let renderer = try MustacheRenderer(directory: directory, includeDefaults: false)
            #expect(renderer.templateNames == ["layout", "todos/list"])
            #expect(try renderer.render("todos/list", with: ["items": ["<a>", "b"]]) == "[&lt;a&gt;][b]")
        }
    }

    @Test func theLibrarysTemplatesAreUnderneathAndAnAppsTemplateWinsByName() async throws {
        try self.withDirectory(["todos/list.mustache": "list", "errors/error.mustache": "mine {{status}}"]) {
            directory in
            let renderer = try MustacheRenderer(directory: directory)
            for name in ["layout", "signalbox-layout", "partials/csrf", "partials/tabs", "dev/tree", "todos/list"] {
                #expect(renderer.hasTemplate(named: name), "\(name)")
            }
            #expect(try renderer.render("errors/error", with: ["status": 404]) == "mine 404")
            let page = try renderer.render("layout", with: ["title": "T", "content": "<p>hi</p>"])
            #expect(page.contains("<title>T</title>"))
            #expect(page.contains("<p>hi</p>"))
            #expect(page.contains("href=\"/_signalbox/signalbox.css\""))
        }
        let bare = try MustacheRenderer()
        #expect(bare.hasTemplate(named: "layout"))
        #expect(!bare.hasTemplate(named: "todos/list"))
    }

    @Test(arguments: [
        ("<form>{{>partials/csrff}}</form>", 1, 7, "partials/csrff"),
        ("line one\n  {{< base }}{{/base}}", 2, 3, "base"),
    ])
    func aTemplateNamingAPartialThatDoesNotExistFailsStartUp(
        _ text: String,
        _ line: Int,
        _ column: Int,
        _ missing: String
    ) async throws {
        try self.withDirectory(["todos/form.mustache": text]) { directory in
            let error = try #require(throws: TemplateError.self) { try MustacheRenderer(directory: directory) }
            #expect(error.file.hasSuffix("todos/form.mustache"))
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.reason.contains("\"\(missing)\""))
        }
    }

    @Test func overridesWinByName() async throws {
        try self.withDirectory([
            "base/layout.mustache": "base", "base/only.mustache": "only-base", "app/layout.mustache": "app",
        ]) { directory in
            let renderer = try MustacheRenderer(
                directory: directory + "/base",
                overrides: directory + "/app",
                templates: ["only": "dictionary"]
            )
            #expect(try renderer.render("layout", with: [:]) == "app")
            #expect(try renderer.render("only", with: [:]) == "dictionary")
        }
    }

    @Test func aTemplateThatDoesNotParseFailsStartUpNamingFileLineAndColumn() async throws {
        try self.withDirectory(["ok.mustache": "fine", "todos/broken.mustache": "line one\n  {{#items}}\n{{/other}}\n"])
        {
            directory in
            do {
                _ = try MustacheRenderer(directory: directory)
                Issue.record("a broken template loaded")
            } catch let error as TemplateError {
                #expect(error.file.hasSuffix("todos/broken.mustache"))
                #expect(error.line == 3)
                #expect(error.column != nil)
                #expect(error.description.contains("todos/broken.mustache:3:"))
                #expect(error.description.contains("{{/other}}"))
            }
        }
    }

    @Test func aMissingDirectoryFailsStartUp() async {
        #expect(throws: TemplateError.self) { try MustacheRenderer(directory: "/no/such/signalbox/templates") }
    }

    @Test func theRepositoryTemplatesOfTheWebLayerParse() async throws {
        let renderer = try MustacheRenderer(templates: try webLayerTemplates())
        for name in [
            "layout", "errors/error", "dev/tree", "dev/node", "partials/tabs", "partials/breadcrumbs", "partials/modal",
        ] {
            #expect(renderer.hasTemplate(named: name), "\(name)")
        }
    }

    @Test func viewModelsRenderWithoutReflectionAndEscapeByDefault() async throws {
        let renderer = try MustacheRenderer(templates: [
            "t":
                "{{name}}|{{{raw}}}|{{#flag}}yes{{/flag}}{{^off}}no{{/off}}|{{#list}}{{n}},{{/list}}|{{obj.inner}}|{{count}}|{{ratio}}",
            "scope": "{{#outer}}{{#inner}}[{{close}}]{{/inner}}{{/outer}}",
        ])
        let model: ViewModel = [
            "name": "<b>", "raw": "<i>", "flag": true, "off": false, "list": [["n": 1], ["n": 2]],
            "obj": ["inner": "deep"], "count": 3, "ratio": 0.5,
        ]
        #expect(try renderer.render("t", with: model) == "&lt;b&gt;|<i>|yesno|1,2,|deep|3|0.5")
        // A null field stops the lookup: it does not pick up an outer context's value.
        #expect(try renderer.render("scope", with: ["close": "outer", "outer": ["inner": ["close": nil]]]) == "[]")
        #expect(try renderer.render("scope", with: ["close": "outer", "outer": ["inner": ["x": 1]]]) == "[outer]")
        #expect(throws: TemplateError.self) { try renderer.render("missing", with: [:]) }
    }
}
