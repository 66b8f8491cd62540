import Foundation
import Signalbox
import SignalboxTesting
import Testing

@testable import TodoApp

/// Issue 34: one user could create 10 000 todos and get a 4.6 MB list page. The list comes 50 a
/// page (HTML and JSON) and an account keeps at most 500 todos and 50 projects.
@Suite struct ListLimitsTests {
    /// alice with `count` todos in all (the demo's four included), signed in.
    func browser(todos count: Int) async throws -> (TestClient, InMemoryTodoStore) {
        let store = InMemoryTodoStore.demo()
        for index in 4..<count { _ = try store.addTodo(title: "Todo \(index + 1)", for: InMemoryTodoStore.demoUser) }
        let browser = try WebClient.demo(store: store)
        try await browser.logIn()
        return (browser, store)
    }

    @Test func theListShowsFiftyTodosAPageWithLinksBetweenPages() async throws {
        let (browser, _) = try await self.browser(todos: 120)
        let first = try await browser.get("/authenticated/todos")
        #expect(first.status == .ok)
        #expect(first.body.components(separatedBy: "class=\"list-item\"").count - 1 == 50)
        #expect(first.body.contains(#"<a rel="next" href="/authenticated/todos/page/2">Next page</a>"#))
        #expect(!first.body.contains(#"rel="prev""#))
        let third = try await browser.get("/authenticated/todos/page/3")
        #expect(third.status == .ok)
        #expect(third.body.components(separatedBy: "class=\"list-item\"").count - 1 == 20)
        #expect(third.body.contains(#"<a rel="prev" href="/authenticated/todos/page/2">Previous page</a>"#))
        #expect(third.body.contains("Page 3 of 3"))
        #expect(third.body.contains(">Todo 120<"))
        // A todo opened from page 3 comes back to it.
        let todo = try await browser.get("/authenticated/todos/page/3/todo/120")
        #expect(todo.status == .ok)
        #expect(try await browser.get("/authenticated/todos/page/4").status == .notFound)
    }

    @Test func theJSONStateIsPagedToo() async throws {
        let (browser, _) = try await self.browser(todos: 60)
        let state = try await browser.get("/authenticated/todos/page/2", json: true).state
        #expect(state.path == "/authenticated/todos/page/2")
        #expect(state.screen["page"] == 2)
        #expect(state.screen["pageCount"] == 2)
        #expect(state.screen["previousPage"] == "/authenticated/todos")
        guard case .list(let rows)? = state.screen["todos"] else {
            Issue.record("no todos list")
            return
        }
        #expect(rows.count == 10)
    }

    @Test func theFiveHundredAndFirstTodoIsRefusedOnTheFormWithTheReason() async throws {
        let (browser, store) = try await self.browser(todos: Validation.maxTodosPerUser)
        try await browser.get("/authenticated/todos/createTodo")
        let refused = try await browser.post("/authenticated/todos/createTodo", ["title": "One more"])
        #expect(refused.status == .unprocessableContent)
        #expect(refused.body.contains("You have 500 todos, the most one account may keep."))
        #expect(refused.body.contains(#"value="One more""#))
        #expect(store.todos(of: InMemoryTodoStore.demoUser).count == 500)
        #expect(TodoStoreError.tooManyTodos.webError.status == .conflict)
    }

    @Test func theFiftyFirstProjectIsRefused() async throws {
        let store = InMemoryTodoStore.demo()
        let alice = InMemoryTodoStore.demoUser
        for index in 2..<Validation.maxProjectsPerUser { _ = try store.addProject(name: "P\(index)", for: alice) }
        #expect(throws: TodoStoreError.tooManyProjects) { try store.addProject(name: "One more", for: alice) }
    }
}
