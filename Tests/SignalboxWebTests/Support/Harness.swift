import Foundation
import HTTPTypes
import Logging
import Signalbox
import SignalboxHTTP
import SignalboxTesting
import SignalboxWeb

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
    let renderer: MustacheRenderer

    init(
        configuration: WebApp.Configuration = WebApp.Configuration(),
        templates: [String: String] = [:],
        removing: Set<String> = []
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
        let renderer = try MustacheRenderer(
            templates: MustacheRenderer.defaultTemplates.merging(try webLayerTemplates()) { _, new in new }
                .merging(templates) { _, new in new }.filter { !removing.contains($0.key) },
            includeDefaults: false
        )
        self.clock = clock
        self.store = store
        self.probe = probe
        self.renderer = renderer
        self.app = WebApp(
            configuration: configuration,
            renderer: renderer,
            sessions: store,
            clock: clock,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
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
