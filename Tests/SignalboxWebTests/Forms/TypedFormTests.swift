import Foundation
import HTTPTypes
import Logging
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing

/// A sign-up form with every kind of field, on a screen that checks a name against a "store".
enum Plan: String, CaseIterable, Decodable, Sendable { case free, team, enterprise }
enum Topic: String, CaseIterable, Decodable, Sendable { case swift, web }

struct TypedSignupForm: FormValidatable, Sendable {
    var username: String
    var password: String
    var age: Int
    var plan: Plan
    var birthday: Date?
    var newsletter: Bool
    var topics: [Topic]

    static func rules(_ rules: inout FormRules<Self>) {
        rules.field(
            \.username,
            hint: "Letters a–z only.",
            autocomplete: "username",
            .pattern("[a-z]+", message: "Use a–z only.")
        )
        rules.field(\.password, control: .password, autocomplete: "new-password", .length(min: 8))
        rules.field(\.age, .range(13...120))
        rules.field(\.plan, control: .radio)
        rules.field(\.topics, .count(max: 1))
    }
}

/// Who signed up, for assertions.
final class Signups: Sendable {
    let names = Mutex<[String]>([])
}

struct TypedSignupScreen: FormScreen {
    typealias Form = TypedSignupForm
    let signups: Signups
    var template: String { "signup" }
    var title: String { "Sign up" }
    var viewModel: ViewModel { [:] }

    func validate(_ form: Form, issues: inout FormIssues<Form>, context: ScreenContext) async throws {
        await Task.yield()  // as a store lookup would
        if form.username == "taken" { issues.add("This username is taken.", for: \.username) }
    }

    func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
        self.signups.names.withLock {
            $0.append("\(form.username) \(form.age) \(form.plan) \(form.topics.map(\.rawValue))")
        }
        try await context.router(TypedSignupCoordinator.self).route(to: \.done)
        return .accepted
    }
}

/// A plain screen that decodes by hand and throws the rejection.
struct TypedRenameScreen: Screen {
    struct Rename: Decodable {
        var name: String
        var count: Int
    }
    var template: String { "rename" }
    var title: String { "Rename" }
    var viewModel: ViewModel { [:] }
    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        _ = try form.decode(Rename.self)
        return .accepted
    }
}

/// A form type whose rule names a computed property: a programming error.
struct TypedMisdeclaredScreen: FormScreen {
    struct Form: FormValidatable {
        var name: String
        var loud: String { self.name.uppercased() }
        static func rules(_ rules: inout FormRules<Self>) { rules.field(\.loud, .length(max: 3)) }
    }
    var template: String { "rename" }
    var title: String { "Misdeclared" }
    var viewModel: ViewModel { [:] }
    func submit(_ form: Form, context: ScreenContext) async throws -> Submission { .accepted }
}

final class TypedSignupCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \TypedSignupCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var done = makeDone
    @Route(.push) var rename = makeRename
    @Route(.push) var misdeclared = makeMisdeclared
    let signups: Signups
    init(signups: Signups) { self.signups = signups }
    func makeStart() -> TypedSignupScreen { TypedSignupScreen(signups: self.signups) }
    func makeDone() -> TypedRenameScreen { TypedRenameScreen() }
    func makeRename() -> TypedRenameScreen { TypedRenameScreen() }
    func makeMisdeclared() -> TypedMisdeclaredScreen { TypedMisdeclaredScreen() }
}

@Suite struct TypedFormTests {
    let signups = Signups()
    let app: WebApp

    init() throws {
        let templates = MustacheRenderer.defaultTemplates.merging([
            "signup": """
            {{>partials/form-error}}
            <form method="post" action="{{path}}" novalidate>
            {{>partials/csrf}}
            {{#fields.username}}{{>partials/field}}{{/fields.username}}
            {{#fields.password}}{{>partials/field}}{{/fields.password}}
            {{#fields.age}}{{>partials/field}}{{/fields.age}}
            {{#fields.plan}}{{>partials/field}}{{/fields.plan}}
            {{#fields.birthday}}{{>partials/field}}{{/fields.birthday}}
            {{#fields.newsletter}}{{>partials/field}}{{/fields.newsletter}}
            {{#fields.topics}}{{>partials/field}}{{/fields.topics}}
            <button>Sign up</button>
            </form>
            """,
            "rename": "{{>partials/form-error}}<p class=\"count\">{{fieldErrors.count}}</p>",
        ]) { _, new in new }
        let signups = self.signups
        self.app = WebApp(
            renderer: try MustacheRenderer(templates: templates, includeDefaults: false),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            NavigationTree(root: TypedSignupCoordinator(signups: signups))
        }
    }

    @Test func aFormScreensPageShowsEveryFieldWithLabelHintAndConstraints() async throws {
        let page = try await TestClient(self.app).get("/")
        #expect(page.status == .ok)
        let body = page.body
        #expect(body.contains(#"<label for="field-username">Username</label>"#))
        #expect(
            body.contains(
                #"<input type="text" id="field-username" name="username" pattern="[a-z]+" required autofocus autocomplete="username" aria-describedby="field-username-hint">"#
            )
        )
        #expect(body.contains(#"<p class="field-hint" id="field-username-hint">Letters a–z only.</p>"#))
        #expect(body.contains(#"<input type="password" id="field-password" name="password" minlength="8" required"#))
        #expect(body.contains(#"<input type="number" id="field-age" name="age" min="13" max="120" step="1" required>"#))
        #expect(body.contains(#"<legend>Plan</legend>"#))
        #expect(
            body.contains(#"<input type="radio" id="field-plan-1" name="plan" value="team" required> Team</label>"#)
        )
        #expect(body.contains(#"<input type="date" id="field-birthday" name="birthday">"#))
        #expect(body.contains(#"<input type="checkbox" id="field-newsletter" name="newsletter">"#))
        #expect(!body.contains("field-error"))
        #expect(body.components(separatedBy: " autofocus").count == 2)
    }

    @Test func aRejectedFormShowsEveryFieldsErrorKeepsTheInputButNotThePassword() async throws {
        let browser = TestClient(self.app)
        try await browser.get("/")
        let reply = try await browser.post(
            "/",
            FormData([
                ("username", "Ann"), ("password", "short-secret"), ("age", "twelve"), ("plan", "gold"),
                ("birthday", "2020-02-30"), ("newsletter", "on"), ("topics", "swift"), ("topics", "cobol"),
            ]).fields
        )
        #expect(reply.status == .unprocessableContent)
        let body = reply.body
        #expect(body.contains(#"<p class="form-error" role="alert">Please correct the marked fields.</p>"#))
        for (id, message) in [
            ("username", "Use a–z only."), ("age", "Enter a whole number."),
            ("plan", "Choose one of: free, team, enterprise."),
            ("birthday", "Enter a date as YYYY-MM-DD, such as 2026-03-31."),
            ("topics", "Choose one of: swift, web."),
        ] {
            #expect(body.contains(#"<p class="field-error" id="field-\#(id)-error">\#(message)</p>"#), "\(id)")
        }
        #expect(
            body.contains(
                #"<input type="text" id="field-username" name="username" value="Ann" pattern="[a-z]+" required autofocus autocomplete="username" aria-describedby="field-username-hint field-username-error" aria-invalid="true">"#
            )
        )
        #expect(body.contains(#"name="age" value="twelve""#))
        #expect(body.contains(#"<input type="checkbox" id="field-newsletter" name="newsletter" checked>"#))
        #expect(body.contains(#"name="topics" value="swift" checked>"#))
        #expect(!body.contains("short-secret"))
        #expect(self.signups.names.withLock { $0 }.isEmpty)
    }

    @Test func aRejectedFormAnswersJSONWithEveryFieldError() async throws {
        let client = TestClient(self.app)
        try await client.get("/", json: true)
        let reply = try await client.post(
            "/",
            ["username": "", "password": "12345678901", "age": "200", "plan": "team"],
            json: true
        )
        #expect(reply.status == .unprocessableContent)
        #expect(
            reply.json["fieldErrors"] as? [String: String] == [
                "username": "This field is required.", "age": "Enter a whole number from 13 to 120.",
            ]
        )
        let echoed = try #require(reply.json["form"] as? [String: String])
        #expect(echoed["age"] == "200" && echoed["password"] == nil)
    }

    @Test func anAsyncRuleRunsWithTheOtherErrorsAndAPassingFormReachesSubmit() async throws {
        let client = TestClient(self.app)
        try await client.get("/", json: true)
        let taken = try await client.post(
            "/",
            ["username": "taken", "password": "long enough", "age": "x", "plan": "free"],
            json: true
        )
        #expect(
            taken.json["fieldErrors"] as? [String: String] == [
                "username": "This username is taken.", "age": "Enter a whole number.",
            ]
        )
        let accepted = try await client.post(
            "/",
            FormData([
                ("username", "ann"), ("password", "long enough"), ("age", "30"), ("plan", "team"),
                ("topics", "swift"),
            ]).fields
        )
        #expect(accepted.status == .seeOther)
        #expect(accepted.location == "/done")
        #expect(self.signups.names.withLock { $0 } == [#"ann 30 team ["swift"]"#])
    }

    @Test func aRejectionThrownFromAPlainScreensSubmitIsA422() async throws {
        let client = TestClient(self.app)
        try await client.get("/rename", json: true)
        let reply = try await client.post("/rename", ["name": "x", "count": "many"], json: true)
        #expect(reply.status == .unprocessableContent)
        #expect(reply.json["fieldErrors"] as? [String: String] == ["count": "Enter a whole number."])
    }

    @Test func aMisdeclaredFormIsAServerErrorNotTheUsersFault() async throws {
        let client = TestClient(self.app)
        client.contract = nil
        try await client.get("/misdeclared", json: true)
        let reply = try await client.post("/misdeclared", ["name": "x"], json: true)
        #expect(reply.status == .internalServerError)
    }
}
