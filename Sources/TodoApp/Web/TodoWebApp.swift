public import Logging
public import Signalbox
public import SignalboxWeb

/// The todo demo as a web app: one ``MainCoordinator`` tree per session over a shared store.
///
/// ```swift
/// let app = try TodoWebApp.make(store: InMemoryTodoStore.demo(), templates: "Templates", logger: logger)
/// let response = try await app.respond(to: request)
/// ```
public enum TodoWebApp {
    /// A fresh session tree, starting on the login page.
    public static func makeTree(store: any TodoStore, maxDepth: Int = 64) -> NavigationTree {
        NavigationTree(root: MainCoordinator(store: store), configuration: .init(maxDepth: maxDepth))
    }

    /// What the demo's OpenAPI document says about it: its title and the errors its screens
    /// answer besides the library's (``TodoStoreError`` and the login throttle).
    public static let openAPI = OpenAPIDocument.Info(
        title: "Signalbox todo demo",
        version: "1.0.0",
        description: """
            The todo demo's JSON interface (a port of Stinsen's sample app). Sign in with a form POST \
            to /unauthenticated (username, password; alice / wonderland), then send the session cookie \
            and the state's csrf token with every POST.
            """,
        errors: [
            WebError(status: .badRequest, code: "todoStore", message: "An invalid value"),
            WebError(status: .forbidden, code: "todoStore", message: "An unknown user"),
            WebError(status: .notFound, code: "todoStore", message: "No such todo or project"),
            WebError(status: .conflict, code: "todoStore", message: "The username is taken"),
            WebError(status: .serviceUnavailable, code: "todoStore", message: "Storage is unavailable"),
            WebError(status: .tooManyRequests, code: "tooManyLogins", message: "Too many failed logins"),
        ]
    )

    /// The demo's OpenAPI document (what `todo-demo openapi` prints and `Public/openapi.json`
    /// holds), as ``make(store:templates:configuration:sessions:logger:)``'s app generates it.
    public static func openAPIDocument(configuration: WebApp.Configuration = WebApp.Configuration()) -> OpenAPIDocument
    {
        var configuration = configuration
        configuration.openAPI = Self.openAPI
        return OpenAPIDocument(
            configuration: configuration,
            routes: RouteMap(tree: Self.makeTree(store: InMemoryTodoStore.demo()))
        )
    }

    /// The web layer over the demo.
    ///
    /// - Parameters:
    ///   - store: Shared by every session.
    ///   - templates: The folder holding `layout.mustache` and the screens' templates.
    ///   - configuration: The web layer's limits and switches; its `maxDepth` also limits trees.
    ///     Its ``WebApp/Configuration/openAPI`` is the demo's (``openAPI``).
    ///   - sessions: Where sessions live; `nil` for the in-memory store.
    ///   - liveRelay: Carries live-page announcements between instances; `nil` for one process.
    ///   - logger: Where the web layer logs.
    /// - Throws: ``TemplateError`` when a template does not parse or the folder is missing.
    ///   With developer tools on it does not throw: templates are read again as they change, and
    ///   until they load (the folder is there, every template parses) pages show why.
    public static func make(
        store: any TodoStore,
        templates: String,
        configuration: WebApp.Configuration = WebApp.Configuration(),
        sessions: (any SessionStore)? = nil,
        liveRelay: (any LiveRelay)? = nil,
        logger: Logger
    ) throws -> WebApp {
        // Developer mode reads templates again when they change (and shows a broken one in
        // the browser); otherwise they load once and a broken one fails here.
        let renderer: any TemplateRenderer =
            configuration.developerTools
            ? ReloadingMustacheRenderer(directory: templates) : try MustacheRenderer(directory: templates)
        let maxDepth = configuration.maxDepth
        var configuration = configuration
        configuration.openAPI = Self.openAPI
        return WebApp(
            configuration: configuration,
            renderer: renderer,
            sessions: sessions,
            liveRelay: liveRelay,
            logger: logger
        ) {
            Self.makeTree(store: store, maxDepth: maxDepth)
        }
    }
}
