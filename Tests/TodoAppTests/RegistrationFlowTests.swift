import Signalbox
import SignalboxTesting
import Testing

@testable import TodoApp

@Suite struct RegistrationFlowTests {
    @Test func aUsernamePushesThePasswordStepWithTheNameAsInput() async throws {
        let app = TestApp()
        #expect(try await app.submit(["username": "Bob"], at: "/unauthenticated/registration") == .accepted)
        #expect(app.tree.path == "/unauthenticated/registration/password/bob")
        #expect(try await app.titles() == ["Welcome", "Register", "Choose a password"])
    }

    @Test(arguments: [
        ("alice", "This username is already taken."),
        ("al", "A username has 3 to 32 characters."),
        ("bob smith", "Use only letters a–z, digits, “-” and “_” in a username."),
    ])
    func badUsernamesAreRefused(username: String, message: String) async throws {
        let app = TestApp()
        let refused = try await app.submit(["username": username], at: "/unauthenticated/registration")
        #expect(refused.fieldErrors == ["username": message])
        #expect(app.tree.path == "/unauthenticated/registration")
    }

    @Test func passwordsMustMatchAndBeLongEnough() async throws {
        let app = TestApp()
        try await app.tree.apply(path: "/unauthenticated/registration/password/bob")
        #expect(
            try await app.tree.submit(["password": "short", "confirmation": "short"]).fieldErrors
                == ["password": "A password has at least 8 characters."]
        )
        #expect(
            try await app.tree.submit(["password": "tweedledum", "confirmation": "tweedledee"]).fieldErrors
                == ["confirmation": "The two passwords differ."]
        )
        #expect(!app.store.isRegistered(username: "bob"))
    }

    @Test func registeringDismissesTheFlowAndSignsTheNewUserIn() async throws {
        let app = TestApp()
        try await app.submit(["username": "bob"], at: "/unauthenticated/registration")
        weak let registration = app.tree.topCoordinator as? RegistrationCoordinator
        #expect(registration != nil)
        #expect(try await app.tree.submit(["password": "tweedledum", "confirmation": "tweedledum"]) == .accepted)
        #expect(app.tree.path == "/authenticated/home")
        #expect(app.main.user == User(username: "bob"))
        #expect(registration == nil, "the registration flow is released")
        #expect(app.store.authenticate(username: "bob", password: "tweedledum") == User(username: "bob"))
        #expect(app.store.todos(of: User(username: "bob")).isEmpty)
    }

    @Test func aUsernameTakenMeanwhileIsReportedOnThePasswordStep() async throws {
        let app = TestApp()
        try await app.tree.apply(path: "/unauthenticated/registration/password/alice")
        let message = try await app.tree.submit(["password": "tweedledum", "confirmation": "tweedledum"]).message
        #expect(message == "This username is already taken. Go back and choose another username.")
        #expect(app.main.user == nil)
    }
}

/// Issue 34's echo finding: a rejected registration never sends a password back.
@Suite struct RegistrationEchoTests {
    @Test func aRejectedRegistrationEchoesNoPasswordInJSONOrHTML() async throws {
        let client = try WebClient.demo()
        try await client.get("/unauthenticated/registration")
        try await client.post("/unauthenticated/registration", ["username": "carol"])
        try await client.get("/unauthenticated/registration/password/carol")
        let fields = [("password", "tweedledum-secret"), ("confirmation", "tweedledee-secret")]
        let json = try await client.post("/unauthenticated/registration/password/carol", fields, json: true)
        #expect(json.status == .unprocessableContent)
        let state = try json.state
        #expect(state.fieldErrors?["confirmation"] == "The two passwords differ.")
        #expect(state.form?["password"] == nil)
        #expect(state.form?["confirmation"] == nil)
        #expect(!json.body.contains("tweedled"))
        let html = try await client.post("/unauthenticated/registration/password/carol", fields)
        #expect(html.status == .unprocessableContent)
        #expect(html.body.contains("The two passwords differ."))
        #expect(!html.body.contains("tweedled"))
    }
}
