import Signalbox
import SignalboxTesting
import Testing

@testable import TodoApp

@Suite struct LoginFlowTests {
    @Test func aNewSessionStartsOnTheLoginPage() async throws {
        let app = TestApp()
        #expect(app.tree.path == "/unauthenticated")
        #expect(try await app.titles() == ["Welcome"])
        #expect(app.main.user == nil)
    }

    @Test func aWrongPasswordIsRefusedAndKeepsTheUserSignedOut() async throws {
        let app = TestApp()
        let result = try await app.logIn(password: "looking-glass")
        #expect(result.message == "Wrong username or password. Please try again.")
        #expect(app.tree.path == "/unauthenticated")
        #expect(app.main.user == nil)
    }

    @Test func emptyCredentialsAreRefusedWithFieldMessages() async throws {
        let app = TestApp()
        let result = try await app.submit(["username": "", "password": ""], at: "/unauthenticated")
        guard case .invalid(let rejection) = result else {
            Issue.record("expected a rejection")
            return
        }
        #expect(Set(rejection.fieldErrors.keys) == ["username", "password"])
    }

    @Test func theRightPasswordSwitchesToTheTabsOnHome() async throws {
        let app = TestApp()
        #expect(try await app.logIn() == .accepted)
        #expect(app.tree.path == "/authenticated/home")
        #expect(app.main.user == TestApp.alice)
        #expect(app.tree.tabBars.first?.tabs.map(\.name) == ["home", "todos", "projects", "profile", "testbed"])
    }

    @Test func usernamesAreCaseInsensitive() async throws {
        let app = TestApp()
        #expect(try await app.logIn(username: "Alice") == .accepted)
        #expect(app.main.user == TestApp.alice)
    }

    @Test func aDeepLinkWhileSignedOutLandsOnLoginAndContinuesAfterwards() async throws {
        let app = TestApp()
        #expect(
            try await app.tree.apply(path: "/authenticated/todos/todo/3/pickProject")
                == .redirected(to: "/unauthenticated", resumes: true)
        )
        #expect(app.tree.path == "/unauthenticated")
        #expect(app.tree.pendingPath == "/authenticated/todos/todo/3/pickProject")

        #expect(try await app.tree.submit(["username": "alice", "password": "wonderland"]) == .accepted)
        #expect(app.tree.path == "/authenticated/todos/todo/3/pickProject")
        #expect(try await app.titles() == ["Todos", "Send the invitations", "Choose a project"])
        #expect(app.tree.pendingPath == nil)
    }

    @Test func aDeepLinkThatLeadsNowhereStillLogsInOnHome() async throws {
        let app = TestApp()
        // The signed-out guard answers before the rest of the path can be checked.
        #expect(
            try await app.tree.apply(path: "/authenticated/todos/nonsense")
                == .redirected(to: "/unauthenticated", resumes: true)
        )
        try await app.logIn()
        #expect(app.tree.path == "/authenticated/home")
        #expect(app.tree.pendingPath == nil)
    }

    @Test func aDeepLinkToAMissingTodoLandsOnTheTabsAfterLogin() async throws {
        let app = TestApp()
        #expect(
            try await app.tree.apply(path: "/authenticated/todos/todo/999")
                == .redirected(to: "/unauthenticated", resumes: true)
        )
        try await app.logIn()
        #expect(app.tree.path == "/authenticated/home")
        await #expect(throws: NavigationError.notFound(route: "todo", reason: "There is no todo 999.")) {
            _ = try await app.tree.apply(path: "/authenticated/todos/todo/999")
        }
    }

    @Test func goingBackToTheLoginPageWhileSignedInStaysSignedIn() async throws {
        let app = TestApp()
        try await app.logIn()
        try await app.tree.apply(path: "/authenticated/todos/todo/1")
        #expect(
            try await app.tree.apply(path: "/unauthenticated")
                == .redirected(to: "/authenticated/todos/todo/1", resumes: false)
        )
        #expect(app.main.user == TestApp.alice)
        #expect(app.tree.path == "/authenticated/todos/todo/1")
    }

    @Test func logoutSwitchesBackAndLocksTheTabsAgain() async throws {
        let app = TestApp()
        try await app.logIn()
        weak let tabs = app.tabs
        #expect(try await app.submit(["action": "logout"], at: "/authenticated/profile") == .accepted)
        #expect(app.tree.path == "/unauthenticated")
        #expect(app.main.user == nil)
        #expect(tabs == nil, "the signed-in tree is released")
        #expect(
            try await app.tree.apply(path: "/authenticated/home") == .redirected(to: "/unauthenticated", resumes: true)
        )
    }

    @Test func aStaleRedirectIsForgottenAtLogout() async throws {
        let app = TestApp()
        try await app.logIn()
        #expect(
            try await app.tree.apply(path: "/unauthenticated") == .redirected(to: "/authenticated/home", resumes: false)
        )
        try await app.submit(["action": "logout"], at: "/authenticated/profile")
        #expect(app.tree.pendingPath == nil)
        try await app.logIn()
        #expect(app.tree.path == "/authenticated/home")
    }

    @Test func theForgotPasswordDialogConfirmsAndKeepsItsAnswer() async throws {
        let app = TestApp()
        try await app.tree.apply(path: "/unauthenticated/forgotPassword")
        #expect(app.tree.presentation?.style == .modal)
        #expect(app.tree.presentation?.closePath == "/unauthenticated")
        #expect(try await app.tree.submit(["username": " "]).message == "Enter the username of your account.")
        #expect(try await app.tree.submit(["username": "alice"]) == .accepted)
        try await app.tree.apply(path: "/unauthenticated/forgotPassword")
        #expect((try await app.tree.branch.last?.screen.viewModel)?["sentTo"] == "alice")
    }
}
