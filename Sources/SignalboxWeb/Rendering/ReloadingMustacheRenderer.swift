public import Signalbox
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A ``MustacheRenderer`` for development: a template file changed, added or removed is picked
/// up by the next request, without a restart.
///
/// Before a render it looks at the template folders' files (names, sizes and modification
/// times: a few `stat` calls) at most once per `checkInterval`, and when something changed it
/// loads and compiles the templates again. A template that does not parse, or names a partial
/// that does not exist, does not stop anything: every render throws its ``TemplateError`` (file,
/// line, column and the line itself) until the file is fixed, and ``WebApp`` with developer tools
/// on shows it as a developer error page. Production keeps ``MustacheRenderer``: loaded once,
/// start-up fails on a broken template.
///
/// ```swift
/// let renderer: any TemplateRenderer =
///     developing ? ReloadingMustacheRenderer(directory: "Templates") : try MustacheRenderer(directory: "Templates")
/// ```
public final class ReloadingMustacheRenderer: TemplateRenderer, FragmentRendering {
    /// What a load reads: the same layers as ``MustacheRenderer/init(directory:overrides:templates:includeDefaults:engine:)``.
    private let directory: String?
    private let overrides: String?
    private let templates: [String: String]
    private let includeDefaults: Bool
    private let engine: MustacheRenderer.Engine
    /// The least time between two looks at the folders.
    public let checkInterval: Duration

    private struct State {
        var loaded: Result<MustacheRenderer, TemplateError>
        var files: [FileStamp]
        var lastCheck: ContinuousClock.Instant
        var loads: Int
    }

    private let state: Mutex<State>

    /// A renderer over these templates, reloaded when their files change.
    ///
    /// - Parameters:
    ///   - directory: The app's templates; `nil` for none (as for ``MustacheRenderer``).
    ///   - overrides: A second folder that wins over `directory`.
    ///   - templates: Templates given as text, which win over both folders (they never change).
    ///   - includeDefaults: Whether the library's templates are the bottom layer.
    ///   - engine: Compiled templates (the default) or swift-mustache for everything.
    ///   - checkInterval: The least time between two looks at the folders (default 250 ms: one
    ///     look per burst of requests a page load makes); `.zero` looks before every render.
    public init(
        directory: String? = nil,
        overrides: String? = nil,
        templates: [String: String] = [:],
        includeDefaults: Bool = true,
        engine: MustacheRenderer.Engine = .compiled,
        checkInterval: Duration = .milliseconds(250)
    ) {
        self.directory = directory
        self.overrides = overrides
        self.templates = templates
        self.includeDefaults = includeDefaults
        self.engine = engine
        self.checkInterval = checkInterval
        let files = Self.stamps(of: [directory, overrides].compactMap { $0 })
        let loaded = Self.load(directory, overrides, templates, includeDefaults, engine)
        self.state = Mutex(State(loaded: loaded, files: files, lastCheck: .now, loads: 1))
    }

    /// How many times the templates were loaded (the first load included).
    var loadCount: Int { self.state.withLock { $0.loads } }

    /// Why the templates as they are now do not load (file, line, column), or `nil`.
    public var loadError: TemplateError? {
        do {
            _ = try self.current()
            return nil
        } catch {
            return error
        }
    }

    /// The version of the templates as they are now; `nil` while they do not load.
    public var version: String? {
        (try? self.current())?.version
    }

    public func render(_ name: String, with viewModel: ViewModel) throws -> String {
        try self.current().render(name, with: viewModel)
    }

    package func renderUTF8(
        _ name: String,
        with viewModel: ViewModel,
        fragments: [String: [UInt8]]
    ) throws -> [UInt8] {
        try self.current().renderUTF8(name, with: viewModel, fragments: fragments)
    }

    /// Whether the last load has the template; while it failed, whether its file is there.
    public func hasTemplate(named name: String) -> Bool {
        if let renderer = try? self.current() { return renderer.hasTemplate(named: name) }
        return
            (try? MustacheRenderer.sources(
                directory: self.directory,
                overrides: self.overrides,
                templates: self.templates,
                includeDefaults: self.includeDefaults
            ))?[name] != nil
    }

    /// The templates as the files are now: loaded again when a file changed since the last look.
    func current() throws(TemplateError) -> MustacheRenderer {
        let now = ContinuousClock.now
        let due = self.state.withLock { state in
            guard now - state.lastCheck >= self.checkInterval else { return false }
            state.lastCheck = now
            return true
        }
        if due {
            // Looking and loading happen outside the lock: other requests go on with the
            // templates they have (two requests may both load; the later result stays).
            let files = Self.stamps(of: [self.directory, self.overrides].compactMap { $0 })
            if self.state.withLock({ $0.files != files }) {
                let loaded = Self.load(
                    self.directory,
                    self.overrides,
                    self.templates,
                    self.includeDefaults,
                    self.engine
                )
                self.state.withLock { state in
                    state.files = files
                    state.loaded = loaded
                    state.loads += 1
                }
            }
        }
        return try self.state.withLock { state throws(TemplateError) in try state.loaded.get() }
    }

    private static func load(
        _ directory: String?,
        _ overrides: String?,
        _ templates: [String: String],
        _ includeDefaults: Bool,
        _ engine: MustacheRenderer.Engine
    ) -> Result<MustacheRenderer, TemplateError> {
        do {
            return .success(
                try MustacheRenderer(
                    directory: directory,
                    overrides: overrides,
                    templates: templates,
                    includeDefaults: includeDefaults,
                    engine: engine
                )
            )
        } catch let error as TemplateError {
            return .failure(error)
        } catch {
            return .failure(TemplateError(file: directory ?? "templates", reason: "\(error)"))
        }
    }

    /// A template file as last seen: its path, size and modification time.
    struct FileStamp: Equatable, Sendable {
        var path: String
        var size: Int
        var modified: Double
    }

    /// The template files of `folders`, in order (a folder that cannot be read has none: the
    /// load reports it).
    static func stamps(of folders: [String]) -> [FileStamp] {
        var stamps: [FileStamp] = []
        for folder in folders {
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            for path in (try? MustacheRenderer.templateFiles(in: folder)) ?? [] {
                let attributes = try? FileManager.default.attributesOfItem(atPath: base + path)
                stamps.append(
                    FileStamp(
                        path: base + path,
                        size: (attributes?[.size] as? Int) ?? -1,
                        modified: (attributes?[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
                    )
                )
            }
        }
        return stamps
    }
}
