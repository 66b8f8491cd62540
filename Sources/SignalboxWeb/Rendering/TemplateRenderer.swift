public import Signalbox

/// The seam between the web layer and a template engine: render a named template with a view
/// model. ``MustacheRenderer`` is the implementation; a hand-written or cached renderer can
/// replace it without touching the rest of the web layer.
///
/// Renderers are immutable after start-up and safe to share across requests.
public protocol TemplateRenderer: Sendable {
    /// Renders template `name` with `viewModel`.
    ///
    /// - Throws: ``TemplateError`` when there is no template of that name.
    func render(_ name: String, with viewModel: ViewModel) throws -> String

    /// Whether a template of that name exists.
    func hasTemplate(named name: String) -> Bool

    /// Why the templates cannot be used now (a renderer that loads them again while the app
    /// runs, like ``ReloadingMustacheRenderer``); `nil` when they can. Default: `nil`.
    var loadError: TemplateError? { get }

    /// Identifies what the templates render: equal for renderers with the same templates (in
    /// every process, so instances behind a load balancer agree), different once any template
    /// changes. Part of every page's validator (`ETag`), so a deploy or an edit never answers
    /// `304` for a page the new templates would render differently. `nil` (the default): unknown,
    /// and HTML pages carry no validator.
    var version: String? { get }
}

extension TemplateRenderer {
    /// Renders template `name` with `viewModel` into UTF-8 bytes: what a response body needs.
    public func renderUTF8(_ name: String, with viewModel: ViewModel) throws -> [UInt8] {
        try self.fragmentRendering.renderUTF8(name, with: viewModel, fragments: [:])
    }

    public var loadError: TemplateError? { nil }
    public var version: String? { nil }
}

extension ViewModel {
    /// This object with `fragments` added as string fields where it has no field of that name.
    func merging(fragments: [String: [UInt8]]) -> ViewModel {
        guard case .object(var fields) = self else { return self }
        for (key, bytes) in fragments where fields[key] == nil {
            fields[key] = .string(String(decoding: bytes, as: UTF8.self))
        }
        return .object(fields)
    }
}

/// A template that failed to load or render: the file, line and column when known, and why.
///
/// `description` reads like a compiler diagnostic:
/// `Templates/todos/list.mustache:3:14: error: sectionCloseNameIncorrect` followed by the line.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template's file (or its name for templates not loaded from a file).
    public var file: String
    /// 1-based line, or `nil` when not about a position.
    public var line: Int?
    /// 1-based column, or `nil`.
    public var column: Int?
    /// Why it failed.
    public var reason: String
    /// The text of the offending line, when known.
    public var sourceLine: String?

    /// An error at `file:line:column`.
    public init(file: String, line: Int? = nil, column: Int? = nil, reason: String, sourceLine: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
        self.sourceLine = sourceLine
    }

    static func notFound(_ name: String) -> TemplateError {
        TemplateError(file: name, reason: "no template named \"\(name)\"")
    }

    /// `file:line:column`, as far as it is known.
    public var location: String {
        var location = self.file
        if let line = self.line {
            location += ":\(line)"
            if let column = self.column { location += ":\(column)" }
        }
        return location
    }

    public var description: String {
        var text = "\(self.location): error: \(self.reason)"
        if let sourceLine = self.sourceLine { text += "\n    \(sourceLine)" }
        return text
    }
}
