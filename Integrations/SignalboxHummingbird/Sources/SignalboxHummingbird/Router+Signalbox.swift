public import Hummingbird
public import SignalboxWeb

extension Router {
    /// The methods a mounted app answers: the web layer says `405` (with `Allow`) to the ones it
    /// does not take, so every method reaches it.
    static var signalboxMethods: [HTTPRequest.Method] { [.get, .head, .post, .put, .delete, .patch, .options] }

    /// Mounts a Signalbox app at `path`, next to the service's own routes: every request to
    /// `path` or below it goes to the app (or to a file of `publicFolder` under `path`), and
    /// everything the app sends — links, forms, redirects, the cookie's `Path` — stays under it.
    ///
    /// ```swift
    /// let router = Router()
    /// router.get("/api/health") { _, _ in "ok" }
    /// router.mount(app, at: "/todo", publicFolder: "Public")
    /// let service = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
    /// try await service.runService()
    /// ```
    ///
    /// Hummingbird has no mount of its own: this registers `path` and `path/**` for each method.
    /// Mount on the router itself, not on a group (the app must know its full path).
    ///
    /// - Parameters:
    ///   - app: The web app; it is served as ``WebApp/mounted(at:)`` `path`, sharing its sessions.
    ///   - path: Where to mount it, e.g. `"/todo"`.
    ///   - publicFolder: A folder of static files served under `path` (`/todo/app.css`), or `nil`.
    @discardableResult
    public func mount(_ app: WebApp, at path: MountPath, publicFolder: String? = nil) -> Self {
        let responder = SignalboxResponder<Context>(app: app.mounted(at: path), publicFolder: publicFolder)
        for method in Self.signalboxMethods {
            self.on(RouterPath(path.path), method: method, responder: responder)
            self.on(RouterPath(path.prefix + "/**"), method: method, responder: responder)
        }
        return self
    }
}
