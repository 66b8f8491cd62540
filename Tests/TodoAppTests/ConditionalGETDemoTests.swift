import HTTPTypes
import SignalboxTesting
import Testing
import TodoApp

/// The demo's pages carry validators made of the navigation state and the user's change count.
@Suite struct ConditionalGETDemoTests {
    @Test func aSignedInPageRevalidatesUntilTheUsersDataChanges() async throws {
        let store = InMemoryTodoStore.demo()
        let client = try WebClient.demo(store: store)
        try await client.logIn()
        let list = try await client.get("/authenticated/todos")
        let etag = try #require(list.header("ETag"))
        #expect(try await client.get("/authenticated/todos", headers: [(.ifNoneMatch, etag)]).status == 304)

        // Another user's change is not this page's business.
        let bob = try store.register(username: "bob", password: "password1")
        _ = try store.addTodo(title: "Bob's", for: bob)
        #expect(try await client.get("/authenticated/todos", headers: [(.ifNoneMatch, etag)]).status == 304)

        // Alice toggles a todo on its page: the list she comes back to is new.
        try await client.get("/authenticated/todos/todo/1")
        try await client.post("/authenticated/todos/todo/1", ["action": "toggleDone"])
        let after = try await client.get("/authenticated/todos", headers: [(.ifNoneMatch, etag)])
        #expect(after.status == 200)
        #expect(after.header("ETag") != etag)
    }

    @Test func afterLogoutNoSignedInPageIsNotModified() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        let page = try await client.get("/authenticated/profile")
        let etag = try #require(page.header("ETag"))
        #expect(page.header("Cache-Control") == "no-store, private")
        let logout = try await client.post("/authenticated/profile", ["action": "logout"])
        #expect(logout.status == 303)
        try await client.follow(logout)
        let again = try await client.get("/authenticated/profile", headers: [(.ifNoneMatch, etag)])
        #expect(again.status == 303)
        #expect(again.location == "/unauthenticated")
    }

    @Test func theLoginPageHasAValidatorToo() async throws {
        let client = try WebClient.demo()
        let login = try await client.get("/unauthenticated")
        let etag = try #require(login.header("ETag"))
        #expect(try await client.get("/unauthenticated", headers: [(.ifNoneMatch, etag)]).status == 304)
        // The forgot-password dialog keeps whom it answered: that changes the page.
        let dialog = try await client.get("/unauthenticated/forgotPassword")
        let before = try #require(dialog.header("ETag"))
        try await client.post("/unauthenticated/forgotPassword", ["username": "alice"])
        let sent = try await client.get("/unauthenticated/forgotPassword", headers: [(.ifNoneMatch, before)])
        #expect(sent.status == 200)
        #expect(sent.header("ETag") != before)
    }
}
