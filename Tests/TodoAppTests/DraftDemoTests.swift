import Foundation
import HTTPTypes
import SignalboxTesting
import Testing
import TodoApp

/// Drafts in the demo: what the user typed into a form (sent by `/_signalbox/drafts.js` to
/// `POST /_draft`) fills the form again until it is accepted or discarded.
@Suite struct DraftDemoTests {
    static let create = "/authenticated/todos/createTodo"

    private func signedIn() async throws -> WebClient {
        let client = try WebClient.demo()
        try await client.logIn()
        return client
    }

    /// POSTs a draft as the drafts script does (`fetch`: not a navigation).
    @discardableResult
    private func saveDraft(_ client: WebClient, _ fields: KeyValuePairs<String, String>) async throws -> TestResponse {
        try await client.post("/_draft", fields.map { ($0.key, $0.value) }, headers: [(Self.fetchMode, "cors")])
    }

    static let fetchMode = HTTPField.Name("Sec-Fetch-Mode")!

    /// The drafts the session keeps, from its JSON state.
    private func drafts(_ client: WebClient) async throws -> [[String: Any]] {
        let tree = try #require(try await client.get("/", json: true).json["tree"] as? [String: Any])
        return tree["drafts"] as? [[String: Any]] ?? []
    }

    @Test func aDraftFillsTheFormWheneverItsScreenIsShownAgain() async throws {
        let client = try await self.signedIn()
        try await client.get(Self.create)
        let saved = try await self.saveDraft(client, ["from": Self.create, "title": "Feed the <cat>"])
        #expect(saved.status == .noContent)
        #expect(saved.body.isEmpty)
        try await client.get("/authenticated/todos")  // the dialog closed
        try await client.get("/authenticated/profile")  // another tab
        let again = try await client.get(Self.create)
        #expect(again.status == .ok)
        #expect(again.body.contains(#"value="Feed the &lt;cat&gt;""#))
        #expect(again.body.contains("This form holds your unsent draft."))
        #expect(!again.body.contains("form-error"))
    }

    @Test func theAcceptedFormDropsItsDraft() async throws {
        let client = try await self.signedIn()
        try await client.get(Self.create)
        try await self.saveDraft(client, ["from": Self.create, "title": "Feed the cat"])
        let created = try await client.post(Self.create, ["title": "Feed the cat"])
        #expect(created.status == .seeOther)
        #expect(try await self.drafts(client).isEmpty)
        let form = try await client.get(Self.create)
        #expect(!form.body.contains(#"value="Feed the cat""#))
        #expect(!form.body.contains("unsent draft"))
    }

    @Test func aRejectedFormKeepsItsDraftAndShowsWhatWasSent() async throws {
        let client = try await self.signedIn()
        try await client.get(Self.create)
        try await self.saveDraft(client, ["from": Self.create, "title": "Feed the cat"])
        let rejected = try await client.post(Self.create, ["title": ""])
        #expect(rejected.status == .unprocessableContent)
        #expect(try await self.drafts(client).count == 1)
    }

    @Test func aDiscardForgetsTheDraftAndSendsABrowserBack() async throws {
        let client = try await self.signedIn()
        try await client.get(Self.create)
        try await self.saveDraft(client, ["from": Self.create, "title": "Feed the cat"])
        let discarded = try await client.post(
            "/_draft",
            ["from": Self.create, "_discard": "1"],
            headers: [(.accept, "text/html,application/xhtml+xml")]
        )
        #expect(discarded.status == .seeOther)
        #expect(discarded.location == Self.create)
        #expect(try await self.drafts(client).isEmpty)
    }

    @Test func secretFieldsAreNeverKept() async throws {
        let client = try WebClient.demo()
        let path = "/unauthenticated/registration"
        try await client.get(path)
        let saved = try await self.saveDraft(
            client,
            ["from": path, "username": "bob", "password": "hunter2", "apiToken": "t", "_submission": "s"]
        )
        #expect(saved.status == .noContent)
        let drafts = try await self.drafts(client)
        #expect(drafts.count == 1)
        #expect(drafts.first?["path"] as? String == path)
        let fields = drafts.first?["fields"] as? [[String: String]]
        #expect(fields == [["name": "username", "value": "bob"]])
        #expect(try await client.get(path).body.contains(#"value="bob""#))
    }

    @Test func theJSONStateShowsTheDraftsAndAPageWithADraftIsNoRejectedForm() async throws {
        let client = try await self.signedIn()
        try await self.saveDraft(client, ["from": Self.create, "title": "Feed the cat"])
        let state = try await client.get(Self.create, json: true)
        #expect(state.status == .ok)
        #expect(state.json["error"] == nil)
        #expect(try await self.drafts(client).first?["path"] as? String == Self.create)
    }

    @Test func refusedDraftsChangeNothing() async throws {
        let client = try await self.signedIn()
        try await client.get(Self.create)
        let large = String(repeating: "x", count: 17 * 1024)
        #expect(try await client.post("/_draft", ["from": Self.create, "title": large]).status == .contentTooLarge)
        #expect(try await client.post("/_draft", ["from": Self.create, "title": "x"], csrf: "").status == .forbidden)
        #expect(
            try await client.post("/_draft", ["from": Self.create, "title": "x"], csrf: "wrong").status == .forbidden
        )
        #expect(
            try await client.post(
                "/_draft",
                ["from": Self.create, "title": "x"],
                headers: [(.origin, "https://evil.example")]
            ).status == .forbidden
        )
        #expect(try await client.post("/_draft", ["title": "x"]).status == .badRequest)
        #expect(try await client.post("/_draft", ["from": "nowhere", "title": "x"]).status == .badRequest)
        #expect(try await client.get("/_draft").status == .methodNotAllowed)
        #expect(try await self.drafts(client).isEmpty)
    }

    @Test func withoutASessionNothingIsKept() async throws {
        let client = try WebClient.demo()
        let refused = try await client.post("/_draft", ["from": Self.create, "title": "x"], csrf: "token")
        #expect(refused.status == .forbidden)
    }

    @Test(arguments: ["/_signalbox/signalbox.js", "/_signalbox/drafts.js"])
    func theScriptIsServedAndSmall(path: String) async throws {
        let client = try WebClient.demo()
        let script = try await client.get(path)
        #expect(script.status == .ok)
        #expect(script.contentType == "text/javascript; charset=utf-8")
        // Drafts and live pages, readable as it is (not minified).
        #expect(script.body.utf8.count < 8 * 1024)
        #expect(script.body.contains("sendBeacon"))
        #expect(script.body.contains("EventSource"))
    }
}

/// The todo's note: saved with its form, kept as a draft while typed, beside the other forms.
@Suite struct TodoNoteTests {
    static let todo = "/authenticated/todos/todo/1"
    static let fetch: [(HTTPField.Name, String)] = [(HTTPField.Name("Sec-Fetch-Mode")!, "cors")]

    private func signedIn() async throws -> WebClient {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get(Self.todo)
        return client
    }

    @Test func aSavedNoteShowsInItsFormAndTheJSONState() async throws {
        let client = try await self.signedIn()
        let saved = try await client.post(Self.todo, ["action": "saveNote", "note": "Oat milk.\r\nTwo <bottles>."])
        #expect(saved.status == .seeOther)
        let page = try await client.follow(saved)
        #expect(page.body.contains(">Oat milk.\nTwo &lt;bottles&gt;.</textarea>"))
        #expect(page.body.contains("Note saved."))
        #expect(try await client.get(Self.todo, json: true).state.screen["note"] == "Oat milk.\nTwo <bottles>.")
    }

    @Test func aTooLongNoteIsRefusedWithItsTextKept() async throws {
        let client = try await self.signedIn()
        let long = String(repeating: "n", count: 2001)
        let refused = try await client.post(Self.todo, ["action": "saveNote", "note": long])
        #expect(refused.status == .unprocessableContent)
        #expect(
            refused.body.contains(#"id="todo-note-error">A note can have at most 2000 characters (it has 2001).</p>"#)
        )
        #expect(refused.body.contains(">\(long)</textarea>"))
    }

    @Test func aNoteBeingTypedSurvivesTheOtherFormsAndGoesWhenSaved() async throws {
        let client = try await self.signedIn()
        let draft = try await client.post(
            "/_draft",
            ["from": Self.todo, "note": "Half a thought"],
            headers: Self.fetch
        )
        #expect(draft.status == .noContent)
        try await client.post(Self.todo, ["action": "toggleFavorite"])
        try await client.get("/authenticated/home")
        let back = try await client.get(Self.todo)
        #expect(back.body.contains(">Half a thought</textarea>"))
        #expect(back.body.contains("This form holds your unsent draft."))
        try await client.post(Self.todo, ["action": "saveNote", "note": "Half a thought, finished."])
        let saved = try await client.get(Self.todo)
        #expect(saved.body.contains(">Half a thought, finished.</textarea>"))
        #expect(!saved.body.contains("unsent draft"))
    }
}
