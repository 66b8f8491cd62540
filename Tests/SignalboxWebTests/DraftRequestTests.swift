import HTTPTypes
import Logging
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

/// `POST /_draft` on an app of its own: what is kept, for how long.
@Suite struct DraftRequestTests {
    static let fetch: [(HTTPField.Name, String)] = [(HTTPField.Name("Sec-Fetch-Mode")!, "cors")]

    @Test func aDraftGoesWithItsSession() async throws {
        let app = try DraftApp()
        let browser = app.browser()
        try await browser.get("/edit")
        let saved = try await browser.post("/_draft", ["from": "/edit", "note": "Dear Alice"], headers: Self.fetch)
        #expect(saved.status == .noContent)
        #expect(try await browser.get("/edit").body.contains(#"<textarea name="note">Dear Alice</textarea>"#))
        app.clock.advance(by: .seconds(31 * 60))  // past the idle timeout
        let later = try await browser.get("/edit")
        #expect(later.body.contains(#"<textarea name="note"></textarea>"#))
    }

    @Test func filesAndSecretFieldsOfAMultipartDraftAreLeftOut() async throws {
        let app = try DraftApp()
        let browser = app.browser()
        try await browser.get("/edit")
        let form = MultipartEncoding(
            fields: [("from", "/edit"), ("note", "Dear Alice"), ("password", "hunter2")],
            files: [.init(name: "attachment", filename: "a.txt", bytes: Array("secret file".utf8))]
        )
        let saved = try await browser.post("/_draft", multipart: form, headers: Self.fetch)
        #expect(saved.status == .noContent)
        let state = try await browser.get("/edit", json: true)
        #expect(
            try state.state.tree.drafts == [
                Draft(path: "/edit", fields: [Draft.Field(name: "note", value: "Dear Alice")])
            ]
        )
    }

    @Test func aDraftOverTheConfiguredLimitIsRefused() async throws {
        var configuration = WebApp.Configuration()
        configuration.maxDraftBytes = 64
        let browser = try DraftApp(configuration: configuration).browser()
        try await browser.get("/edit")
        let small = try await browser.post("/_draft", ["from": "/edit", "note": "short"], headers: Self.fetch)
        #expect(small.status == .noContent)
        let large = try await browser.post(
            "/_draft",
            ["from": "/edit", "note": String(repeating: "x", count: 65)],
            headers: Self.fetch
        )
        #expect(large.status == .contentTooLarge)
        #expect(try await browser.get("/edit").body.contains(">short</textarea>"))
    }

    @Test func onlyTheFormTheDraftWasTypedIntoDropsItWhenAccepted() async throws {
        let browser = try DraftApp().browser()
        try await browser.get("/edit")
        try await browser.post("/_draft", ["from": "/edit", "note": "Dear Alice"], headers: Self.fetch)
        #expect(try await browser.post("/edit", ["action": "toggle"]).status == .seeOther)
        #expect(try await browser.get("/edit").body.contains(">Dear Alice</textarea>"))
        #expect(try await browser.post("/edit", ["note": "Dear Alice,"]).status == .seeOther)
        #expect(try await browser.get("/edit").body.contains(#"<textarea name="note"></textarea>"#))
    }

    @Test func aDraftOfAnotherPageDoesNotFillThisOne() async throws {
        let browser = try DraftApp().browser()
        try await browser.get("/edit")
        try await browser.post("/_draft", ["from": "/other", "note": "elsewhere"], headers: Self.fetch)
        #expect(try await browser.get("/edit").body.contains(#"<textarea name="note"></textarea>"#))
    }
}

private final class NoteScreen: Screen {
    var template: String { "edit" }
    var title: String { "Edit" }
    var viewModel: ViewModel { [:] }

    /// Accepts the note form and a toggle form alike.
    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission { .accepted }
}

private final class NotesCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \NotesCoordinator.edit)
    @Root var edit = makeEdit
    @Root var other = makeEdit

    func makeEdit() -> NoteScreen { NoteScreen() }
}

private struct DraftApp {
    let clock = ManualSessionClock()
    let app: WebApp

    init(configuration: WebApp.Configuration = WebApp.Configuration()) throws {
        let renderer = try MustacheRenderer(templates: [
            "edit": """
            <form method="post" action="{{path}}" data-draft>{{>partials/csrf}}\
            <textarea name="note">{{form.note}}</textarea></form>
            """
        ])
        self.app = WebApp(
            configuration: configuration,
            renderer: renderer,
            clock: self.clock,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            NavigationTree(root: NotesCoordinator())
        }
    }

    func browser() -> TestClient { TestClient(self.app) }
}
