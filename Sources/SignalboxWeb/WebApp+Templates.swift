public import Logging
public import Signalbox

extension WebApp {
    /// Creates the web layer over the templates in `templates` (and the library's own): read
    /// once at start-up, or — with ``Configuration/developerTools`` on — again whenever they
    /// change, with a broken one shown in the browser instead of failing here.
    ///
    /// ```swift
    /// let app = try WebApp(templates: "Templates", logger: logger) {
    ///     NavigationTree(root: HelloCoordinator())
    /// }
    /// ```
    ///
    /// - Throws: ``TemplateError`` when, without developer tools, the folder is missing or a
    ///   template does not parse.
    public init(
        templates: String,
        configuration: Configuration = Configuration(),
        sessions: (any SessionStore)? = nil,
        logger: Logger,
        makeTree: @escaping @Sendable () -> NavigationTree
    ) throws {
        if configuration.developerTools {
            self.init(
                configuration: configuration,
                renderer: ReloadingMustacheRenderer(directory: templates),
                sessions: sessions,
                logger: logger,
                makeTree: makeTree
            )
        } else {
            self.init(
                configuration: configuration,
                renderer: try MustacheRenderer(directory: templates),
                sessions: sessions,
                logger: logger,
                makeTree: makeTree
            )
        }
    }
}
