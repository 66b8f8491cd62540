import Mustache
public import Signalbox

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders Mustache templates (swift-mustache 2.1.1): HTML escaping by default (`{{x}}`),
/// raw output with `{{{x}}}`, partials (`{{>partials/tabs}}`) and layout inheritance
/// (`{{<layout}}{{$main}}…{{/main}}{{/layout}}`).
///
/// Templates are loaded and parsed once, at start-up; a template that does not parse fails
/// start-up with its file, line and column. Template names are paths below the directory
/// without the extension: `Templates/todos/list.mustache` is `todos/list`.
///
/// ```swift
/// let renderer = try MustacheRenderer(directory: "Templates", overrides: "MyTemplates")
/// let html = try renderer.render("todos/list", with: ["todos": [["title": "Buy milk"]]])
/// ```
public struct MustacheRenderer: TemplateRenderer {
    private let library: MustacheLibrary
    /// Every template's name, sorted.
    public let templateNames: [String]

    /// Loads every `*.mustache` file below `directory`, then those below `overrides` (which win
    /// by name), then `templates` (name → Mustache text, which win over both).
    ///
    /// - Throws: ``TemplateError`` naming the file, line and column of the first template that
    ///   does not parse, or a missing directory.
    public init(directory: String, overrides: String? = nil, templates: [String: String] = [:]) throws {
        var sources: [String: (file: String, text: String)] = [:]
        for directory in [directory] + (overrides.map { [$0] } ?? []) {
            for (name, source) in try Self.read(directory: directory) { sources[name] = source }
        }
        for (name, text) in templates { sources[name] = (name, text) }
        try self.init(sources: sources)
    }

    /// Parses templates given as name → Mustache text.
    ///
    /// - Throws: ``TemplateError`` for the first template that does not parse.
    public init(templates: [String: String]) throws {
        try self.init(
            sources: Dictionary(uniqueKeysWithValues: templates.map { ($0.key, (file: $0.key, text: $0.value)) }))
    }

    private init(sources: [String: (file: String, text: String)]) throws {
        var library = MustacheLibrary()
        for name in sources.keys.sorted() {
            let source = sources[name]!
            do {
                library.register(try MustacheTemplate(string: source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(
                    file: source.file, line: error.context.lineNumber, column: error.context.columnNumber,
                    reason: String(describing: error.error), sourceLine: error.context.line)
            }
        }
        self.library = library
        self.templateNames = sources.keys.sorted()
    }

    /// Renders template `name`; ``ViewModel`` objects are looked up by key, without reflection.
    public func render(_ name: String, with viewModel: ViewModel) throws -> String {
        let context: Any =
            switch viewModel {
            case .object(let fields): MustacheObject(fields: fields)
            default: MustacheObject.value(viewModel)
            }
        guard let text = self.library.render(context, withTemplate: name) else { throw TemplateError.notFound(name) }
        return text
    }

    /// Whether a template of that name was loaded.
    public func hasTemplate(named name: String) -> Bool {
        self.library.getTemplate(named: name) != nil
    }

    /// Reads every template file below `directory`: name → (path, text).
    private static func read(directory: String) throws -> [String: (file: String, text: String)] {
        let manager = FileManager.default
        var isDirectory = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
            throw TemplateError(file: directory, reason: "the template directory does not exist")
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let suffix = ".mustache"
        var sources: [String: (file: String, text: String)] = [:]
        let paths: [String]
        do {
            paths = try manager.subpathsOfDirectory(atPath: directory)
        } catch {
            throw TemplateError(file: directory, reason: "the template directory cannot be read: \(error)")
        }
        for path in paths.sorted() where path.hasSuffix(suffix) {
            let file = base + path
            guard let data = manager.contents(atPath: file) else {
                throw TemplateError(file: file, reason: "the template cannot be read")
            }
            guard let text = String(validating: Array(data), as: UTF8.self) else {
                throw TemplateError(file: file, reason: "the template is not valid UTF-8")
            }
            sources[String(path.dropLast(suffix.count))] = (file, text)
        }
        return sources
    }
}
