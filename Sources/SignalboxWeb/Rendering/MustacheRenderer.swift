import Mustache
public import Signalbox

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders Mustache templates with swift-mustache 2.1.1's semantics: HTML escaping by default
/// (`{{x}}`), raw output with `{{{x}}}`, partials (`{{>partials/tabs}}`) and layout inheritance
/// (`{{<layout}}{{$main}}…{{/main}}{{/layout}}`).
///
/// Templates are loaded and parsed by swift-mustache once, at start-up; a template that does not
/// parse, or names a partial that does not exist, fails start-up with its file, line and column.
/// Template names are paths below the directory without the extension:
/// `Templates/todos/list.mustache` is `todos/list`. The library's own templates (the page
/// `layout`, `partials/…`, `errors/error`, `dev/…`) are always there underneath; an app's
/// template of the same name replaces one.
///
/// With the default ``Engine/compiled`` engine every template is also compiled for ``/Signalbox/ViewModel``s
/// (partials and blocks inlined) and rendered from that, byte for byte as swift-mustache renders
/// it and about ten times faster. Templates using what the compiler does not support (set
/// delimiters, transforms, lambdas, dynamic or indented partials and blocks, recursive partials)
/// are rendered by swift-mustache, as is a render where `{{x}}` names a list or an object;
/// ``interpretedTemplates`` lists the declined templates. ``Engine/swiftMustache`` renders
/// everything with swift-mustache.
///
/// ```swift
/// let renderer = try MustacheRenderer(directory: "Templates", overrides: "MyTemplates")
/// let html = try renderer.render("todos/list", with: ["todos": [["title": "Buy milk"]]])
/// ```
public struct MustacheRenderer: TemplateRenderer, FragmentRendering {
    /// Which engine renders the templates.
    public enum Engine: Sendable, Hashable {
        /// Compiled templates where the compiler accepts them, swift-mustache for the others (the default).
        case compiled
        /// swift-mustache for every template: for comparison, and as an escape hatch.
        case swiftMustache
    }

    private let library: MustacheLibrary
    private let compiled: CompiledLibrary
    /// Every template's name, sorted.
    public let templateNames: [String]
    /// The engine chosen at start-up.
    public let engine: Engine
    /// A stable hash of every template's name and text (see ``TemplateRenderer/version``).
    public let version: String?
    /// Templates rendered by swift-mustache although the engine is ``Engine/compiled``: name → why
    /// the compiler declined it. Empty with ``Engine/swiftMustache``.
    public var interpretedTemplates: [String: String] { self.compiled.declined }

    /// The library's templates (`layout`, `signalbox-layout`, `partials/…`, `errors/error`,
    /// `dev/…`), then every `*.mustache` file below `directory`, then those below `overrides`,
    /// then `templates` (name → Mustache text): each layer wins over the ones before by name.
    ///
    /// ```swift
    /// let renderer = try MustacheRenderer(directory: "Templates")   // the app's screens + any overrides
    /// let bare = try MustacheRenderer()                              // the library's pages only
    /// ```
    ///
    /// - Parameters:
    ///   - directory: The app's templates; `nil` for none.
    ///   - overrides: A second folder that wins over `directory`.
    ///   - templates: Templates given as text, which win over both folders.
    ///   - includeDefaults: Whether the library's templates are the bottom layer (turn it off to
    ///     test a renderer with exactly the given templates).
    ///   - engine: Compiled templates (the default) or swift-mustache for everything.
    /// - Throws: ``TemplateError`` naming the file, line and column of the first template that
    ///   does not parse or that names a partial that does not exist, or a missing directory.
    public init(
        directory: String? = nil,
        overrides: String? = nil,
        templates: [String: String] = [:],
        includeDefaults: Bool = true,
        engine: Engine = .compiled
    ) throws {
        let sources = try Self.sources(
            directory: directory,
            overrides: overrides,
            templates: templates,
            includeDefaults: includeDefaults
        )
        try PartialReferences.check(sources)
        try self.init(sources: sources, engine: engine)
    }

    /// Every template's source, name → (file, text), layered as the initializer describes.
    static func sources(
        directory: String?,
        overrides: String?,
        templates: [String: String],
        includeDefaults: Bool
    ) throws -> [String: (file: String, text: String)] {
        var sources: [String: (file: String, text: String)] = [:]
        if includeDefaults {
            for (name, text) in DefaultTemplates.all { sources[name] = ("(Signalbox) \(name)", text) }
        }
        for directory in [directory, overrides].compactMap({ $0 }) {
            for (name, source) in try Self.read(directory: directory) { sources[name] = source }
        }
        for (name, text) in templates { sources[name] = (name, text) }
        return sources
    }

    /// Parses templates given as name → Mustache text, over the library's templates unless
    /// `includeDefaults` is off; `engine` as for ``init(directory:overrides:templates:includeDefaults:engine:)``.
    ///
    /// - Throws: ``TemplateError`` for the first template that does not parse or names a
    ///   partial that does not exist.
    public init(templates: [String: String], includeDefaults: Bool = true, engine: Engine = .compiled) throws {
        try self.init(directory: nil, templates: templates, includeDefaults: includeDefaults, engine: engine)
    }

    private init(sources: [String: (file: String, text: String)], engine: Engine) throws {
        var library = MustacheLibrary()
        var hasher = StableHasher()
        for name in sources.keys.sorted() {
            let source = sources[name]!
            hasher.combine(name)
            hasher.combine(source.text)
            do {
                library.register(try MustacheTemplate(string: source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(
                    file: source.file,
                    line: error.context.lineNumber,
                    column: error.context.columnNumber,
                    reason: String(describing: error.error),
                    sourceLine: error.context.line
                )
            }
        }
        self.library = library
        self.version = hasher.finalize()
        self.templateNames = sources.keys.sorted()
        self.engine = engine
        self.compiled = engine == .compiled ? CompiledLibrary(sources: sources.mapValues(\.text)) : CompiledLibrary()
    }

    /// The library's own templates, name → Mustache text: the bottom layer of every renderer
    /// (unless `includeDefaults` is off). Read them to start an override.
    public static var defaultTemplates: [String: String] { DefaultTemplates.all }

    /// Renders template `name`; ``/Signalbox/ViewModel`` objects are looked up by key, without reflection.
    public func render(_ name: String, with viewModel: ViewModel) throws -> String {
        if let template = self.compiled.templates[name], let text = template.render(viewModel) {
            return text
        }
        return try self.interpret(name, with: viewModel)
    }

    /// Renders template `name` into UTF-8 bytes with `fragments` as raw top-level fields: a
    /// compiled template copies their bytes where it names them.
    package func renderUTF8(
        _ name: String,
        with viewModel: ViewModel,
        fragments: [String: [UInt8]]
    ) throws -> [UInt8] {
        if let template = self.compiled.templates[name],
            let bytes = template.renderUTF8(viewModel, fragments: fragments)
        {
            return bytes
        }
        return Array(try self.interpret(name, with: viewModel.merging(fragments: fragments)).utf8)
    }

    /// Renders template `name` with swift-mustache.
    private func interpret(_ name: String, with viewModel: ViewModel) throws -> String {
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

    /// The template files below `directory` (paths relative to it, sorted).
    static func templateFiles(in directory: String) throws -> [String] {
        let manager = FileManager.default
        var isDirectory = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
            throw TemplateError(file: directory, reason: "the template directory does not exist")
        }
        do {
            return try manager.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".mustache") }.sorted()
        } catch {
            throw TemplateError(file: directory, reason: "the template directory cannot be read: \(error)")
        }
    }

    /// Reads every template file below `directory`: name → (path, text).
    private static func read(directory: String) throws -> [String: (file: String, text: String)] {
        let manager = FileManager.default
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let suffix = ".mustache"
        var sources: [String: (file: String, text: String)] = [:]
        for path in try Self.templateFiles(in: directory) {
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
