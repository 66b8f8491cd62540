public import SignalboxWeb
public import Vapor

import struct SignalboxHTTP.StaticFiles

extension Application {
    /// Serves `webApp` under `path`, next to the application's own routes, and the files of
    /// `publicFolder` (if given) under the same path.
    ///
    /// Registers `path` and `path/**` for `GET` (and so `HEAD`), `POST`, `PUT`, `DELETE`,
    /// `PATCH` and `OPTIONS`; the application's more specific routes still win. Each request is
    /// handed to the web app as Vapor received it: the raw target with its query, every header
    /// field (`Host` as the authority), the peer's address, the body (read as it streams in, at
    /// most ``WebApp/Configuration/maxFormBytes``; a larger one gets the web layer's own `413`)
    /// and `Request.id` as the request id. The web layer logs to `Request.logger`, so its lines
    /// carry Vapor's `request-id`. Its answer, status, every header field (each `Set-Cookie`)
    /// and body, goes back unchanged; links, redirects and the session cookie's `Path` all
    /// carry `path`.
    ///
    /// ```swift
    /// let app = try await Application.make(.detect())
    /// app.get("api", "health") { _ in ["status": "ok"] }
    /// app.mount(todoApp, at: "/todo", publicFolder: "Public")   // /todo, /todo/app.css, …
    /// try await app.execute()
    /// ```
    ///
    /// - Parameters:
    ///   - webApp: The web layer; it is served as ``SignalboxWeb/WebApp/mounted(at:)`` `path`,
    ///     with the same sessions.
    ///   - path: Where the app lives, such as `"/todo"` (`/` gives it every path the
    ///     application's own routes do not take).
    ///   - publicFolder: A folder of static files served under `path` (`Public/app.css` at
    ///     `/todo/app.css`) before the app sees the request; a folder that does not exist serves
    ///     nothing (and is logged).
    public func mount(_ webApp: WebApp, at path: MountPath, publicFolder: String? = nil) {
        let app = webApp.mounted(at: path)
        let files = publicFolder.map {
            StaticFiles(root: $0, configuration: .init(urlPrefix: path.path), fallback: app)
        }
        if let publicFolder, files?.root == nil {
            self.logger.warning(
                "no static files folder; serving none",
                metadata: ["public": "\(publicFolder)", "mount": "\(path)"]
            )
        }
        let responder = MountedWebApp(app: app, files: files)
        let prefix = path.prefix.split(separator: "/").map { PathComponent.constant(String($0)) }
        for method in MountedWebApp.methods {
            for components in [prefix, prefix + [.catchall]] {
                self.on(method, components, body: .stream) { request in
                    try await responder.respond(to: request)
                }
            }
        }
    }
}
