import HTTPTypes
import SignalboxTesting
import Testing
import TodoApp

@Suite struct WebFlowTests {
    @Test func theRootRedirectsToTheLoginPage() async throws {
        let client = try WebClient.demo()
        let answer = try await client.get("/")
        #expect(answer.status == 303)
        #expect(answer.location == "/unauthenticated")
        let login = try await client.get("/unauthenticated")
        #expect(login.status == 200)
        #expect(login.body.contains("<form method=\"post\" action=\"/unauthenticated\""))
        #expect(login.body.contains("name=\"_csrf\""))
    }

    @Test func aWrongPasswordAnswers422KeepingTheUsername() async throws {
        let client = try WebClient.demo()
        try await client.get("/unauthenticated")
        let answer = try await client.post("/unauthenticated", ["username": "alice", "password": "nope"])
        #expect(answer.status == 422)
        #expect(answer.body.contains("Wrong username or password."))
        #expect(answer.body.contains("value=\"alice\""))
        #expect(!answer.body.contains("value=\"nope\""), "a password is never echoed")
    }

    @Test func loginRotatesTheSessionAndTheOldIDStopsWorking() async throws {
        let client = try WebClient.demo()
        try await client.get("/unauthenticated")
        let before = client.cookies
        let answer = try await client.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(answer.status == 303)
        #expect(answer.location == "/authenticated/home")
        #expect(client.cookies != before)
        let home = try await client.follow(answer)
        #expect(home.status == 200)
        #expect(home.body.contains("Hello, alice"))

        // Whoever kept the id from before the login gets a fresh, signed-out session.
        let after = client.cookies
        client.cookies = before
        let stale = try await client.get("/authenticated/home")
        #expect(stale.status == 303)
        #expect(stale.location == "/unauthenticated")
        client.cookies = after
        #expect(try await client.get("/authenticated/home").status == 200)
    }

    @Test func aDeepLinkSurvivesTheLogin() async throws {
        let client = try WebClient.demo()
        let answer = try await client.get("/authenticated/todos/todo/3")
        #expect(answer.status == 303)
        #expect(answer.location == "/unauthenticated")
        try await client.get("/unauthenticated")
        let login = try await client.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(login.location == "/authenticated/todos/todo/3")
    }

    @Test func aHostileTitleIsEscapedInTheListBreadcrumbDialogAndJSON() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        let hostile = "<script>alert(1)</script>"
        let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
        try await client.get("/authenticated/todos/createTodo")
        let created = try await client.post("/authenticated/todos/createTodo", ["title": hostile])
        #expect(created.status == 303)
        #expect(created.location == "/authenticated/todos/todo/5")

        let page = try await client.follow(created)
        #expect(!page.body.contains(hostile))
        #expect(page.body.contains("<title>\(escaped)</title>"))
        #expect(page.body.contains("aria-current=\"page\">\(escaped)</a>"), "breadcrumb")
        #expect(page.body.contains("<h1 id=\"todo-heading\" class=\"\">\(escaped)</h1>"))

        let list = try await client.get("/authenticated/todos")
        #expect(!list.body.contains(hostile))
        #expect(list.body.contains("<span class=\"list-title\">\(escaped)</span>"))

        // The dialog: a rejected (too long) title comes back escaped in the form.
        try await client.get("/authenticated/todos/createTodo")
        let rejected = try await client.post(
            "/authenticated/todos/createTodo",
            ["title": hostile + String(repeating: "x", count: 200)]
        )
        #expect(rejected.status == 422)
        #expect(rejected.body.contains("<dialog open"))
        #expect(!rejected.body.contains(hostile))
        #expect(rejected.body.contains("value=\"\(escaped)xxx"))

        // Over the todo, a dialog keeps the page (with its breadcrumb) behind it.
        let picker = try await client.get("/authenticated/todos/todo/5/pickProject")
        #expect(picker.body.contains("<dialog open"))
        #expect(!picker.body.contains(hostile))

        let json = try await client.get("/authenticated/todos/todo/5", json: true)
        #expect(json.headerFields[.contentType]?.hasPrefix("application/json") == true)
        #expect(!json.body.contains("<script>"))
        #expect(json.body.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"))
    }

    @Test func registeringSignsTheNewUserInWithAFreshSession() async throws {
        let client = try WebClient.demo()
        try await client.get("/unauthenticated/registration")
        let step1 = try await client.post("/unauthenticated/registration", ["username": "Bob"])
        #expect(step1.location == "/unauthenticated/registration/password/bob")
        let page = try await client.follow(step1)
        #expect(page.body.contains("for <strong>bob</strong>"))
        let before = client.cookies
        let done = try await client.post(
            "/unauthenticated/registration/password/bob",
            ["password": "tweedledum", "confirmation": "tweedledum"]
        )
        #expect(done.location == "/authenticated/home")
        #expect(client.cookies != before)
        #expect(try await client.follow(done).body.contains("Hello, bob"))
    }

    @Test func theHomeFavouriteChainSwitchesTabsAndPushesTheTodo() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/todos/todo/2/pickProject")
        try await client.get("/authenticated/home")
        let answer = try await client.post("/authenticated/home", ["todo": "1"])
        #expect(answer.location == "/authenticated/todos/todo/1")
    }

    @Test func pickingAProjectReturnsToTheTodoWithTheProjectShown() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/todos/todo/4/pickProject")
        let answer = try await client.post("/authenticated/todos/todo/4/pickProject", ["project": "1"])
        #expect(answer.location == "/authenticated/todos/todo/4")
        let page = try await client.follow(answer)
        #expect(page.body.contains(">Garden</a>"))
    }

    @Test func jsonListsTheRoutesByName() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        let json = try await client.get("/authenticated/todos/todo/1", json: true)
        #expect(json.status == 200)
        #expect(json.body.contains("\"path\":\"/authenticated/todos/todo/1\""))
        #expect(json.body.contains("\"pickProject\":\"/authenticated/todos/todo/1/pickProject\""))
        #expect(json.body.contains("\"todo\":\"/authenticated/todos/todo/1/todo/{input}\""))
        #expect(json.body.contains("\"pop\":\"/authenticated/todos\""))
    }

    @Test func logoutRotatesAndReturnsToLogin() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/profile")
        let before = client.cookies
        let answer = try await client.post("/authenticated/profile", ["action": "logout"])
        #expect(answer.location == "/unauthenticated")
        #expect(client.cookies != before)
        let locked = try await client.get("/authenticated/home")
        #expect(locked.location == "/unauthenticated")
    }

    @Test func badInputGetsTheRightStatus() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        #expect(try await client.get("/authenticated/todos/nope").status == 404)
        #expect(try await client.get("/authenticated/todos/todo/abc").status == 400)
        let forged = try await client.post("/authenticated/todos/todo/1", ["action": "toggleDone"], csrf: "")
        #expect(forged.status == 403)
        #expect(try await client.get("/authenticated/home").status == 200)
    }

    @Test(arguments: [
        "/unauthenticated", "/unauthenticated/forgotPassword", "/unauthenticated/registration",
        "/unauthenticated/registration/password/bob",
    ])
    func everySignedOutScreenRenders(path: String) async throws {
        let client = try WebClient.demo()
        let answer = try await client.get(path)
        #expect(answer.status == 200)
        #expect(answer.body.contains("</html>"))
    }

    @Test(arguments: [
        "/authenticated/home", "/authenticated/todos", "/authenticated/todos/todo/1",
        "/authenticated/todos/createTodo", "/authenticated/todos/todo/1/pickProject", "/authenticated/projects",
        "/authenticated/projects/project/1",
        "/authenticated/projects/createProject",
        "/authenticated/profile", "/authenticated/profile/settings", "/authenticated/testbed",
        "/authenticated/testbed/pushScreen/modalCoordinator/pushScreen",
    ])
    func everySignedInScreenRenders(path: String) async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        let answer = try await client.get(path)
        #expect(answer.status == 200)
        #expect(answer.body.contains("</html>"))
        #expect(!answer.body.contains("{{"), "no unrendered Mustache")
    }

    @Test(arguments: ["/authenticated/todos/todo/99", "/authenticated/projects/project/99"])
    func aMissingTodoOrProjectIsANotFoundPage(path: String) async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        let answer = try await client.get(path)
        #expect(answer.status == 404)
        #expect(answer.body.contains("There is no"))
    }
}
