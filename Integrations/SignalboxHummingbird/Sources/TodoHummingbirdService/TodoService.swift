public import Hummingbird
import SignalboxHummingbird
import SignalboxWeb
import TodoApp
public import TodoDemoServer

/// The example service: a small JSON API of its own with the todo demo mounted at `/todo`.
///
/// | Route | Answer |
/// |---|---|
/// | `GET /api/health` | `{"status":"ok"}` |
/// | `GET /api/stats` | the demo's counts over every user and the live sessions: `{"users", "todos", "done", "projects", "sessions"}` |
/// | `/todo`, `/todo/**` | the todo demo (pages, forms, `/todo/_nav/*`, `/todo/app.css`) |
///
/// ```swift
/// let router = TodoService.router(site: try TodoDemoSite(options, backend: backend, logger: logger))
/// let service = Application(router: router)
/// try await service.runService()
/// ```
public enum TodoService {
    /// The service's routes.
    public static func router(site: TodoDemoSite) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/api/health") { _, _ in Health(status: "ok") }
        router.get("/api/stats") { _, _ in
            try await Stats(site: site)
        }
        router.mount(site.app, at: "/todo", publicFolder: site.publicFolder)
        return router
    }
}

/// `GET /api/health`.
struct Health: ResponseEncodable {
    var status: String
}

/// `GET /api/stats`.
struct Stats: ResponseEncodable {
    var users: Int
    var todos: Int
    var done: Int
    var projects: Int
    var sessions: Int

    init(site: TodoDemoSite) async throws {
        let statistics: TodoStatistics
        let sessions: Int
        do {
            statistics = try await site.store.statistics()
            sessions = try await site.app.sessionCount
        } catch {
            throw HTTPError(.serviceUnavailable, message: "The data cannot be read now.")
        }
        self.users = statistics.users
        self.todos = statistics.todos
        self.done = statistics.done
        self.projects = statistics.projects
        self.sessions = sessions
    }
}
