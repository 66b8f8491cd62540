import Foundation
import Signalbox
import SignalboxTesting
import Testing

@testable import SignalboxWeb

/// The development loop: template files edited, added or removed while the app runs, and
/// broken templates shown in the browser.
@Suite struct TemplateReloadTests {
    /// A folder holding the fixture's templates as files, removed afterwards.
    final class TemplateFolder {
        let path: String

        init() throws {
            self.path = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID())").path
            for (name, text) in fixtureTemplates { try self.write(name, text) }
        }

        deinit { try? FileManager.default.removeItem(atPath: self.path) }

        func write(_ name: String, _ text: String) throws {
            let file = self.path + "/" + name + ".mustache"
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true
            )
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }

        func remove(_ name: String) throws {
            try FileManager.default.removeItem(atPath: self.path + "/" + name + ".mustache")
        }
    }

    static let edited = "<p class=\"static\">edited {{name}}</p>"

    @Test func anEditedTemplateShowsOnTheNextRequestInDeveloperMode() async throws {
        let folder = try TemplateFolder()
        let renderer = ReloadingMustacheRenderer(directory: folder.path, checkInterval: .zero)
        let harness = try Harness(configuration: .init(developerTools: true), renderer: renderer)
        let browser = harness.browser()
        #expect(try await browser.get("/guest/~/about").body.contains("<p class=\"static\">about</p>"))
        try folder.write("test/static", Self.edited)
        #expect(try await browser.get("/guest/~/about").body.contains("edited about"))
        #expect(renderer.loadCount == 2)
        // Nothing changed: no load.
        try await browser.get("/guest/~/about")
        #expect(renderer.loadCount == 2)
    }

    @Test func productionKeepsTheTemplatesItStartedWith() async throws {
        let folder = try TemplateFolder()
        let harness = try Harness(renderer: try MustacheRenderer(directory: folder.path))
        let browser = harness.browser()
        try await browser.get("/guest/~/about")
        try folder.write("test/static", Self.edited)
        let page = try await browser.get("/guest/~/about")
        #expect(page.body.contains("<p class=\"static\">about</p>"))
        #expect(!page.body.contains("edited"))
    }

    @Test func theFoldersAreLookedAtAtMostOncePerInterval() async throws {
        let folder = try TemplateFolder()
        let renderer = ReloadingMustacheRenderer(directory: folder.path, checkInterval: .seconds(3600))
        let harness = try Harness(configuration: .init(developerTools: true), renderer: renderer)
        try folder.write("test/static", Self.edited)
        #expect(try await harness.browser().get("/guest/~/about").body.contains("<p class=\"static\">about</p>"))
        #expect(renderer.loadCount == 1)
    }

    @Test func anAddedPartialIsPickedUpAndARemovedOneIsAnError() async throws {
        let folder = try TemplateFolder()
        let renderer = ReloadingMustacheRenderer(directory: folder.path, checkInterval: .zero)
        let harness = try Harness(configuration: .init(developerTools: true), renderer: renderer)
        let browser = harness.browser()
        try folder.write("partials/note", "<aside>a new partial</aside>")
        try folder.write("test/static", "<p class=\"static\">{{name}}</p>{{>partials/note}}")
        #expect(try await browser.get("/guest/~/about").body.contains("<aside>a new partial</aside>"))
        try folder.remove("partials/note")
        let page = try await browser.get("/guest/~/about")
        #expect(page.status == .internalServerError)
        #expect(page.body.contains("test/static.mustache:1:31"))
        #expect(page.body.contains("there is no template &quot;partials/note&quot;"))
    }

    /// A template that does not parse: developer mode shows file:line:column, the line and a
    /// caret under the column; once fixed, the page is back without a restart.
    @Test func aBrokenTemplateIsShownInTheBrowserInDeveloperMode() async throws {
        let folder = try TemplateFolder()
        let renderer = ReloadingMustacheRenderer(directory: folder.path, checkInterval: .zero)
        let log = LogRecorder()
        let harness = try Harness(configuration: .init(developerTools: true), renderer: renderer, logger: log.logger())
        let browser = harness.browser()
        try await browser.get("/guest/~/about")
        try folder.write("test/static", "<p>\n  {{#items}}<li>{{name}}</li>{{/item}}\n</p>")
        let page = try await browser.get("/guest/~/about")
        #expect(page.status == .internalServerError)
        #expect(page.contentType == "text/html; charset=utf-8")
        let file = folder.path + "/test/static.mustache"
        #expect(page.body.contains("\(file):2:"))
        #expect(page.body.contains("2 |   {{#items}}&lt;li&gt;{{name}}&lt;/li&gt;{{/item}}"))
        let caret = try #require(page.body.split(separator: "\n").first { $0.hasPrefix("  | ") && $0.contains("^") })
        let column = try #require(renderer.loadError?.column)
        #expect(caret.prefix { $0 != "^" }.count == "  | ".count + column - 1)
        #expect(log.entries.contains { $0.level == .error && $0.line.contains(file) })
        // Other pages say the same: every template comes from one load.
        #expect(try await browser.get("/nowhere").body.contains("Template error"))
        // Fixed: back without a restart.
        try folder.write("test/static", "<p class=\"static\">{{name}}</p>")
        let fixed = try await browser.get("/guest/~/about")
        #expect(fixed.status == .ok)
        #expect(fixed.body.contains("<p class=\"static\">about</p>"))
    }

    @Test func aBrokenTemplateIsAPlainErrorPageWithoutDeveloperTools() async throws {
        let folder = try TemplateFolder()
        let renderer = ReloadingMustacheRenderer(directory: folder.path, checkInterval: .zero)
        let log = LogRecorder()
        let harness = try Harness(renderer: renderer, logger: log.logger())
        try folder.write("test/static", "{{#items}}")
        let page = try await harness.browser().get("/guest/~/about")
        #expect(page.status == .internalServerError)
        #expect(!page.body.contains("mustache"))
        #expect(!page.body.contains("Template error"))
        #expect(log.entries.contains { $0.level == .error && $0.line.contains("test/static.mustache") })
    }

    @Test func aRendererThatStartsBrokenServesOnceFixed() async throws {
        let folder = try TemplateFolder()
        try folder.write("test/static", "{{/static}}")
        let renderer = ReloadingMustacheRenderer(directory: folder.path, checkInterval: .zero)
        #expect(renderer.loadError?.line == 1)
        let harness = try Harness(configuration: .init(developerTools: true), renderer: renderer)
        #expect(try await harness.browser().get("/guest/~/about").status == .internalServerError)
        try folder.write("test/static", "<p class=\"static\">{{name}}</p>")
        #expect(try await harness.browser().get("/guest/~/about").status == .ok)
    }

    @Test(arguments: [("{{#a}}x{{/b}}", 1, 10), ("ok\n\t{{#a}}\t{{/b}}", 2, 10)])
    func theCaretStandsUnderTheColumn(template: String, line: Int, column: Int) throws {
        let error = TemplateError(
            file: "t.mustache",
            line: line,
            column: column,
            reason: "sectionCloseNameIncorrect",
            sourceLine: String(template.split(separator: "\n").last!)
        )
        let html = TemplateErrorPage.html(for: error, requestID: "r1", mount: .root)
        let source = String(template.split(separator: "\n").last!)
        let lead = source.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
        #expect(html.contains("t.mustache:\(line):\(column)"))
        #expect(html.contains("\n  | \(lead)^"))
    }
}
