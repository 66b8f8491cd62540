import Logging
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing
import TodoApp

/// The demo's templates render the same bytes with the compiled engine as with swift-mustache,
/// with the view models the demo really produces.
@Suite struct TemplateEngineTests {
    /// Renders with the compiled engine and records every call the web layer makes.
    final class RecordingRenderer: TemplateRenderer {
        let renderer: MustacheRenderer
        let calls = Mutex<[(name: String, model: ViewModel)]>([])

        init(_ renderer: MustacheRenderer) {
            self.renderer = renderer
        }

        func render(_ name: String, with viewModel: ViewModel) throws -> String {
            self.calls.withLock { $0.append((name, viewModel)) }
            return try self.renderer.render(name, with: viewModel)
        }

        func hasTemplate(named name: String) -> Bool {
            self.renderer.hasTemplate(named: name)
        }
    }

    /// Walks the demo through every kind of page (forms rejected and accepted, modals, wizards,
    /// errors, the developer page) and returns the render calls the web layer made.
    func tour() async throws -> [(name: String, model: ViewModel)] {
        let store = InMemoryTodoStore.demo()
        let recorder = RecordingRenderer(try MustacheRenderer(directory: demoTemplates))
        var logger = Logger(label: "template-engine-tests")
        logger.logLevel = .critical
        let app = WebApp(configuration: .init(developerTools: true), renderer: recorder, logger: logger) {
            TodoWebApp.makeTree(store: store)
        }
        let client = TestClient(app)
        try await client.get("/")
        try await client.get("/unauthenticated")
        try await client.post("/unauthenticated", ["username": "alice", "password": "nope"])
        try await client.get("/unauthenticated/forgotPassword")
        try await client.get("/unauthenticated/registration")
        try await client.post("/unauthenticated/registration", ["username": ""])
        try await client.post("/unauthenticated/registration", ["username": "Bob <&> 'quoted'"])
        try await client.get("/unauthenticated/registration/password/bob")
        try await client.post("/unauthenticated/registration/password/bob", ["password": "x"])
        try await client.logIn()
        for path in [
            "/authenticated/home", "/authenticated/todos", "/authenticated/todos/todo/1",
            "/authenticated/todos/todo/1/todo/2", "/authenticated/todos/todo/1/pickProject",
            "/authenticated/todos/createTodo", "/authenticated/todos/todo/999", "/authenticated/projects",
            "/authenticated/projects/project/2", "/authenticated/projects/createProject", "/authenticated/profile",
            "/authenticated/profile/settings", "/authenticated/testbed", "/authenticated/testbed/pushScreen",
            "/authenticated/testbed/pushScreen/modalScreen",
            "/authenticated/testbed/pushScreen/modalCoordinator/pushScreen",
            "/authenticated/testbed/pushCoordinator/modalScreen/~/modalCoordinator", "/authenticated/todos/nope",
            "/_dev/tree",
        ] {
            try await client.get(path)
        }
        try await client.post("/authenticated/todos/createTodo", ["title": ""])
        try await client.post("/authenticated/todos/createTodo", ["title": "<script>alert('x') & \"more\"</script>"])
        try await client.post("/authenticated/projects/createProject", ["name": ""])
        try await client.post("/authenticated/todos/todo/1", ["action": "toggleDone"])
        try await client.post("/authenticated/todos/todo/4/pickProject", ["project": "1"])
        try await client.get("/authenticated/todos")
        try await client.get("/_dev/tree")
        try await client.get("/_dev/routes")
        return recorder.calls.withLock { $0 }
    }

    @Test func everyDemoTemplateRendersTheSameWithBothEngines() async throws {
        let calls = try await self.tour()
        let compiled = try MustacheRenderer(directory: demoTemplates)
        let reference = try MustacheRenderer(directory: demoTemplates, engine: .swiftMustache)

        // Every page, wrapper, layout, error and developer template was rendered by the tour
        // (partials, `dev/node` included, are rendered inside them).
        let rendered = Set(calls.map(\.name))
        // (`signalbox-layout` is only ever inherited, by `layout`.)
        for name in compiled.templateNames
        where !name.hasPrefix("partials/") && name != "dev/node" && name != "signalbox-layout" {
            #expect(rendered.contains(name), "the tour never rendered \(name)")
        }
        // Only the recursive developer tree is left to swift-mustache.
        #expect(
            Set(compiled.interpretedTemplates.keys).isSubset(of: ["dev/tree", "dev/node"]),
            "\(compiled.interpretedTemplates)"
        )

        // What the web layer rendered, and every template (partials too) with every recorded model.
        for call in calls {
            #expect(
                try compiled.render(call.name, with: call.model) == reference.render(call.name, with: call.model),
                "\(call.name)"
            )
        }
        var compared = 0
        for name in compiled.templateNames {
            for call in calls {
                let expected = try reference.render(name, with: call.model)
                #expect(
                    try compiled.render(name, with: call.model) == expected,
                    "\(name) with the model of \(call.name)"
                )
                compared += 1
            }
        }
        #expect(compared >= compiled.templateNames.count * 40)
    }
}
