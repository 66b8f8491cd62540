import Signalbox
import Testing
@testable import TodoApp

@Suite struct LoginFlowTests {
    @Test func aNewSessionStartsOnTheLoginPage() {
        let app = TestApp()
        #expect(app.tree.path == "/unauthenticated")
        #expect(app.titles == ["Welcome"])
        #expect(app.main.user == nil)
    }

    @Test func aWrongPasswordIsRefusedAndKeepsTheUserSignedOut() throws {
        let app = TestApp()
        let result = try app.logIn(password: "looking-glass")
        #expect(result.message == "Wrong username or password. Please try again.")
        #expect(app.tree.path == "/unauthenticated")
        #expect(app.main.user == nil)
    }

    @Test func emptyCredentialsAreRefusedWithFieldMessages() throws {
        let app = TestApp()
        let result = try app.submit(["username": "", "password": ""], at: "/unauthenticated")
        guard case .invalid(let rejection) = result else {
            Issue.record("expected a rejection")
            return
        }
        #expect(Set(rejection.fieldErrors.keys) == ["username", "password"])
    }

    @Test func theRightPasswordSwitchesToTheTabsOnHome() throws {
        let app = TestApp()
        #expect(try app.logIn() == .accepted)
        #expect(app.tree.path == "/authenticated/home")
        #expect(app.main.user == TestApp.alice)
        #expect(app.tree.tabBars.first?.tabs.map(\.name) == ["home", "todos", "projects", "profile", "testbed"])
    }

    @Test func usernamesAreCaseInsensitive() throws {
        let app = TestApp()
        #expect(try app.logIn(username: "Alice") == .accepted)
        #expect(app.main.user == TestApp.alice)
    }

    @Test func aDeepLinkWhileSignedOutLandsOnLoginAndContinuesAfterwards() throws {
        let app = TestApp()
        #expect(throws: NavigationError.redirect(to: "/unauthenticated")) {
            try app.tree.apply(path: "/authenticated/todos/todo/3/pickProject")
        }
        #expect(app.tree.path == "/unauthenticated")
        #expect(app.tree.pendingPath == "/authenticated/todos/todo/3/pickProject")

        #expect(try app.tree.submit(["username": "alice", "password": "wonderland"]) == .accepted)
        #expect(app.tree.path == "/authenticated/todos/todo/3/pickProject")
        #expect(app.titles == ["Todos", "Send the invitations", "Choose a project"])
        #expect(app.tree.pendingPath == nil)
    }

    @Test func aDeepLinkThatLeadsNowhereStillLogsInOnHome() throws {
        let app = TestApp()
        // The signed-out guard answers before the rest of the path can be checked.
        #expect(throws: NavigationError.redirect(to: "/unauthenticated")) {
            try app.tree.apply(path: "/authenticated/todos/nonsense")
        }
        try app.logIn()
        #expect(app.tree.path == "/authenticated/home")
        #expect(app.tree.pendingPath == nil)
    }

    @Test func aDeepLinkToAMissingTodoLandsOnTheTabsAfterLogin() throws {
        let app = TestApp()
        #expect(throws: NavigationError.redirect(to: "/unauthenticated")) {
            try app.tree.apply(path: "/authenticated/todos/todo/999")
        }
        try app.logIn()
        #expect(app.tree.path == "/authenticated/home")
        #expect(throws: NavigationError.notFound(route: "todo", reason: "There is no todo 999.")) {
            try app.tree.apply(path: "/authenticated/todos/todo/999")
        }
    }

    @Test func goingBackToTheLoginPageWhileSignedInStaysSignedIn() throws {
        let app = TestApp()
        try app.logIn()
        try app.tree.apply(path: "/authenticated/todos/todo/1")
        #expect(throws: NavigationError.redirect(to: "/authenticated/todos/todo/1")) {
            try app.tree.apply(path: "/unauthenticated")
        }
        #expect(app.main.user == TestApp.alice)
        #expect(app.tree.path == "/authenticated/todos/todo/1")
    }

    @Test func logoutSwitchesBackAndLocksTheTabsAgain() throws {
        let app = TestApp()
        try app.logIn()
        weak let tabs = app.tabs
        #expect(try app.submit(["action": "logout"], at: "/authenticated/profile") == .accepted)
        #expect(app.tree.path == "/unauthenticated")
        #expect(app.main.user == nil)
        #expect(tabs == nil, "the signed-in tree is released")
        #expect(throws: NavigationError.redirect(to: "/unauthenticated")) {
            try app.tree.apply(path: "/authenticated/home")
        }
    }

    @Test func aStaleRedirectIsForgottenAtLogout() throws {
        let app = TestApp()
        try app.logIn()
        #expect(throws: NavigationError.self) { try app.tree.apply(path: "/unauthenticated") }
        try app.submit(["action": "logout"], at: "/authenticated/profile")
        #expect(app.tree.pendingPath == nil)
        try app.logIn()
        #expect(app.tree.path == "/authenticated/home")
    }

    @Test func theForgotPasswordDialogConfirmsAndKeepsItsAnswer() throws {
        let app = TestApp()
        try app.tree.apply(path: "/unauthenticated/forgotPassword")
        #expect(app.tree.presentation?.style == .modal)
        #expect(app.tree.presentation?.closePath == "/unauthenticated")
        #expect(try app.tree.submit(["username": " "]).message == "Enter the username of your account.")
        #expect(try app.tree.submit(["username": "alice"]) == .accepted)
        try app.tree.apply(path: "/unauthenticated/forgotPassword")
        #expect(app.tree.branch.last?.screen.viewModel["sentTo"] == "alice")
    }
}
