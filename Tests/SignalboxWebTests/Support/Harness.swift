import Foundation
import HTTPTypes
import Logging
import Signalbox
import SignalboxHTTP
import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing

/// The repository's `Templates/` directory.
let templatesDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Templates").path
}()

/// Templates of the fixture app's screens.
let fixtureTemplates: [String: String] = [
    "test/screen": """
    <section class="screen" data-name="{{name}}">
    <h1>{{title}}</h1>
    {{>partials/form-error}}
    <form method="post" action="{{path}}">
    {{>partials/csrf}}
    <input name="name" value="{{form.name}}">{{#fieldErrors.name}}<span class="field-error">{{fieldErrors.name}}</span>{{/fieldErrors.name}}
    <button name="action" value="login">Go</button>
    </form>
    <a class="next" href="{{base}}/next">next</a>
    </section>
    """,
    "test/static": "<p class=\"static\">{{name}}</p>",
    "wrappers/card": "<div class=\"card\" data-tone=\"{{tone}}\">{{{content}}}</div>",
]

/// The web layer's own templates (layout, partials, errors, dev) from `Templates/`, plus the
/// fixture's. Only these files are read, so the demo's templates cannot break these tests.
/// The fixture's screen templates; the page, partials, error and developer pages are the
/// library's own defaults (no `Templates` folder involved).
func webLayerTemplates() throws -> [String: String] {
    fixtureTemplates
}

/// One web app over the fixture, with a manual clock and its own session store.
struct Harness {
    let app: WebApp
    let clock: ManualSessionClock
    let store: MemorySessionStore
    let probe: Probe
    let renderer: any TemplateRenderer
    /// How the web layer asked for each session it used, in order.
    let accesses: AccessLog

    init(
        configuration: WebApp.Configuration = WebApp.Configuration(),
        templates: [String: String] = [:],
        removing: Set<String> = [],
        renderer: (any TemplateRenderer)? = nil,
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws {
        let clock = ManualSessionClock()
        let store = MemorySessionStore(
            configuration: .init(
                idleTimeout: configuration.idleTimeout,
                absoluteTimeout: configuration.absoluteTimeout,
                maxSessions: configuration.maxSessions
            )
        )
        let probe = Probe()
        let renderer: any TemplateRenderer =
            try renderer
            ?? MustacheRenderer(
                templates: MustacheRenderer.defaultTemplates.merging(try webLayerTemplates()) { _, new in new }
                    .merging(templates) { _, new in new }.filter { !removing.contains($0.key) },
                includeDefaults: false
            )
        self.clock = clock
        self.store = store
        self.probe = probe
        self.renderer = renderer
        let accesses = AccessLog()
        self.accesses = accesses
        // The fixture's own error, so that the contract every TestClient checks knows it.
        var documented = configuration
        documented.openAPI.errors.append(MissingThing().webError)
        self.app = WebApp(
            configuration: documented,
            renderer: renderer,
            sessions: AccessRecordingStore(wrapped: store, log: accesses),
            clock: clock,
            logger: logger
        ) {
            NavigationTree(root: AppCoordinator(probe: probe), configuration: .init(maxDepth: configuration.maxDepth))
        }
    }

    /// A browser with an empty cookie jar.
    func browser() -> TestClient { TestClient(self.app) }

    /// The live tree of session `id`, for assertions.
    func snapshot(of id: SessionID) async throws -> NavigationSnapshot? {
        try await self.store.withSession(id: id, now: self.clock.now) { try $0.tree.snapshot() }
    }

    /// The canonical path of session `id` (without touching its expiry much: same instant).
    func path(of id: SessionID) async throws -> String? {
        try await self.store.withSession(id: id, now: self.clock.now) { $0.tree.path }
    }
}

/// What a ``SessionAccess``-aware store was asked, in order.
final class AccessLog: Sendable {
    private let recorded = Mutex<[SessionAccess]>([])
    var all: [SessionAccess] { self.recorded.withLock { $0 } }
    func add(_ access: SessionAccess) { self.recorded.withLock { $0.append(access) } }
}

/// A store that records how each request asked for its session, then asks `wrapped`.
struct AccessRecordingStore<Wrapped: SessionStore>: SessionStore {
    let wrapped: Wrapped
    let log: AccessLog

    func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        Issue.record("the web layer should say how it uses the session")
        return try await self.wrapped.withSession(id: id, now: now, makeTree: makeTree, body)
    }

    func withSession<Result: Sendable>(
        id: SessionID,
        now: SessionInstant,
        access: SessionAccess,
        makeTree: () -> NavigationTree,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        self.log.add(access)
        return try await self.wrapped.withSession(id: id, now: now, access: access, makeTree: makeTree, body)
    }

    func insert(_ state: sending SessionState) async throws { try await self.wrapped.insert(state) }
    func remove(id: SessionID) async throws { try await self.wrapped.remove(id: id) }
    func sweep(now: SessionInstant) async throws -> Int { try await self.wrapped.sweep(now: now) }
    var count: Int { get async throws { try await self.wrapped.count } }
}
