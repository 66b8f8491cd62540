import SignalboxTesting
import Testing
import TodoApp

/// A double click on "Create" (or Back and resubmit) makes one todo, not two.
@Suite struct DoubleSubmitDemoTests {
    /// Alice's browser on the new-todo dialog, and the dialog's submission id.
    func newTodoDialog(_ store: InMemoryTodoStore) async throws -> (WebClient, String) {
        let client = try WebClient.demo(store: store)
        try await client.logIn()
        let dialog = try await client.get("/authenticated/todos/createTodo")
        return (client, try #require(dialog.submissionID))
    }

    @Test func twoIdenticalPostsInARowMakeOneTodoAndTheSameLocation() async throws {
        let store = InMemoryTodoStore.demo()
        let (client, id) = try await self.newTodoDialog(store)
        let before = store.todos(of: InMemoryTodoStore.demoUser).count
        let first = try await client.post("/authenticated/todos/createTodo", [("title", "Paint"), ("_submission", id)])
        let second = try await client.post(
            "/authenticated/todos/createTodo",
            [("title", "Paint"), ("_submission", id)]
        )
        #expect(first.location == "/authenticated/todos/todo/5")
        #expect(second.location == first.location)
        #expect(store.todos(of: InMemoryTodoStore.demoUser).count == before + 1)
    }

    @Test func twoIdenticalPostsAtOnceMakeOneTodoAndTheSameLocation() async throws {
        let store = InMemoryTodoStore.demo()
        let (client, id) = try await self.newTodoDialog(store)
        let before = store.todos(of: InMemoryTodoStore.demoUser).count
        let (transport, cookies, csrf) = (client.transport, client.cookies, client.csrf)
        async let first = Self.post(Self.tab(transport, cookies, csrf), id)
        async let second = Self.post(Self.tab(transport, cookies, csrf), id)
        let locations = try await [first, second]
        #expect(locations == ["/authenticated/todos/todo/5", "/authenticated/todos/todo/5"])
        #expect(store.todos(of: InMemoryTodoStore.demoUser).count == before + 1)
    }

    static func post(_ client: WebClient, _ id: String) async throws -> String? {
        try await client.post("/authenticated/todos/createTodo", [("title", "Paint"), ("_submission", id)]).location
    }
}

extension DoubleSubmitDemoTests {
    /// Another tab of a browser: the same app, cookies and CSRF token.
    static func tab(_ transport: TestClient.Transport, _ cookies: [String: String], _ csrf: String?) -> TestClient {
        let tab = TestClient(transport)
        tab.cookies = cookies
        tab.csrf = csrf
        return tab
    }
}
