import SignalboxVapor
public import SignalboxWeb
import TodoApp
public import TodoDemoServer
public import Vapor

/// An example service on Vapor: JSON routes of its own next to the todo demo, mounted at
/// `/todo` with its static files.
///
/// | Route | Answer |
/// |---|---|
/// | `GET /api/health` | `{"status":"ok"}` |
/// | `GET /api/stats` | the demo's numbers and the live sessions, as ``ServiceStatistics`` (`503` when the data cannot be read) |
/// | `/todo`, `/todo/**` | the todo demo (and `/todo/app.css`, …) |
///
/// ```swift
/// let backend = try await TodoDemoBackend.local(options, logger: logger)
/// let site = try TodoDemoSite(options, backend: backend, logger: logger)
/// let app = try await Application.make(.production)
/// TodoVaporService.configure(app, site: site)
/// ```
public enum TodoVaporService {
    /// Where the demo is served unless told otherwise.
    public static let defaultMountPath: MountPath = "/todo"

    /// Adds the service's routes and the demo (at `mountPath`) to `application`.
    public static func configure(
        _ application: Application,
        site: TodoDemoSite,
        mountPath: MountPath = Self.defaultMountPath
    ) {
        let api = application.grouped("api")
        api.get("health") { _ in HealthStatus(status: "ok") }
        let store = site.store
        let web = site.app
        api.get("stats") { _ in
            do {
                return ServiceStatistics(try await store.statistics(), sessions: try await web.sessionCount)
            } catch {
                throw Abort(.serviceUnavailable, reason: "The data cannot be read now.")
            }
        }
        application.mount(web, at: mountPath, publicFolder: site.publicFolder)
    }
}
