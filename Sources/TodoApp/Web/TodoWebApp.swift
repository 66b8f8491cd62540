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

    /// The web layer over the demo.
    ///
    /// - Parameters:
    ///   - store: Shared by every session.
    ///   - templates: The folder holding `layout.mustache` and the screens' templates.
    ///   - configuration: The web layer's limits and switches; its `maxDepth` also limits trees.
    ///   - sessions: Where sessions live; `nil` for the in-memory store.
    ///   - logger: Where the web layer logs.
    /// - Throws: ``TemplateError`` when a template does not parse or the folder is missing.
    public static func make(
        store: any TodoStore,
        templates: String,
        configuration: WebApp.Configuration = WebApp.Configuration(),
        sessions: (any SessionStore)? = nil,
        logger: Logger
    ) throws -> WebApp {
        let renderer = try MustacheRenderer(directory: templates)
        let maxDepth = configuration.maxDepth
        return WebApp(configuration: configuration, renderer: renderer, sessions: sessions, logger: logger) {
            Self.makeTree(store: store, maxDepth: maxDepth)
        }
    }
}
