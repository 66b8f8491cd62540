import HelloApp
import SignalboxTesting
import Testing

@Suite struct HelloAppTests {
    let templates = String(#filePath).replacing("Tests/HelloAppTests/HelloAppTests.swift", with: "Templates")

    @Test func aNamePushesItsGreetingAndBackPops() async throws {
        let browser = TestClient(try HelloApp.make(templates: self.templates, logger: Logger(label: "test")))
        let start = try await browser.get("/")
        #expect(start.body.contains("Greet me"))

        let rejected = try await browser.post("/", ["name": " "])
        #expect(rejected.status == .unprocessableContent)
        #expect(rejected.body.contains("This field is required."))
        #expect(rejected.body.contains("aria-invalid=\"true\""))

        let greeted = try await browser.post("/", ["name": "Ann"])
        #expect(greeted.location == "/greeting/Ann")
        #expect(try await browser.follow(greeted).body.contains("Hello, Ann!"))

        let back = try await browser.post("/_nav/pop", ["from": "/greeting/Ann"])
        #expect(back.location == "/")
    }

    @Test func theJSONInterfaceMatchesItsOpenAPIDocument() async throws {
        let app = try HelloApp.make(templates: self.templates, logger: Logger(label: "test"))
        // A TestClient checks every answer of a WebApp against OpenAPIDocument(app:): an
        // undocumented status, content type or JSON key throws ContractViolation.
        let client = TestClient(app)
        let state = try await client.get("/greeting/Ann", json: true).state  // typed
        #expect(state.path == "/greeting/Ann")
        #expect(state.breadcrumbs.map(\.title) == ["Hello", "Ann"])
        #expect(state.screen["name"] == "Ann")
        #expect(try await client.get("/nowhere", json: true).status == .notFound)

        // The document itself, for client generators and schemathesis.
        let document = OpenAPIDocument(app: app)
        #expect(document.text.contains("\"/greeting/{greeting}\""))
    }
}
