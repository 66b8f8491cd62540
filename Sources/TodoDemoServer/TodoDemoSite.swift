public import SignalboxWeb
public import TodoApp

/// The demo's web app and the folders it serves, built from the command line's options: what
/// `todo-demo` serves on libmicrohttpd and what the Hummingbird and Vapor examples mount at
/// `/todo`.
///
/// ```swift
/// let backend = try await TodoDemoBackend.local(options, logger: logger)
/// let site = try TodoDemoSite(options, backend: backend, logger: logger)
/// router.mount(site.app, at: "/todo", publicFolder: site.publicFolder)   // SignalboxHummingbird
/// ```
public struct TodoDemoSite: Sendable {
    /// The web layer over the demo (served at `/`; an adapter mounts it elsewhere).
    public var app: WebApp
    /// The demo's data, for a service's own routes (such as `/api/stats`).
    public var store: any TodoStore
    /// The templates folder in use.
    public var templates: String
    /// The static files folder (`app.css`, `app.js`, icons); it may not exist.
    public var publicFolder: String

    /// Finds the templates and static files (`--templates`, `--public`, else `./Templates` and
    /// `./Public`, else the repository's) and builds the web app over `backend`.
    ///
    /// - Throws: when there is no templates folder or a template does not parse.
    public init(_ options: TodoDemoOptions, backend: TodoDemoBackend, logger: Logger) throws {
        self.templates = try TodoDemoServer.folder(options.templates, named: "Templates", marker: "layout.mustache")
        self.publicFolder =
            (try? TodoDemoServer.folder(options.publicFolder, named: "Public", marker: "app.css")) ?? "Public"
        self.store = backend.store
        self.app = try TodoWebApp.make(
            store: backend.store,
            templates: self.templates,
            configuration: options.webConfiguration,
            sessions: backend.sessions,
            liveRelay: backend.liveRelay,
            logger: logger
        )
    }
}
