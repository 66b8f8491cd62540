import SignalboxTesting
import Testing
import TodoApp

/// The demo's lists focus the item the user comes back from (return to origin).
@Suite struct ReturnToOriginDemoTests {
    private func signedIn() async throws -> WebClient {
        let client = try WebClient.demo()
        try await client.logIn()
        return client
    }

    @Test func theBreadcrumbBackToTheListFocusesTheTodoLeft() async throws {
        let client = try await self.signedIn()
        try await client.get("/authenticated/todos/todo/3")
        let list = try await client.get("/authenticated/todos")
        #expect(list.body.contains(#"<a autofocus class="list-link" href="/authenticated/todos/todo/3">"#))
        #expect(list.body.ranges(of: " autofocus").count == 1)
    }

    @Test func closingTheNewTodoDialogFocusesTheButtonThatOpenedIt() async throws {
        let client = try await self.signedIn()
        try await client.get("/authenticated/todos/createTodo")
        let list = try await client.get("/authenticated/todos")
        #expect(
            list.body.contains(
                #"<a autofocus class="button button-primary" href="/authenticated/todos/createTodo">New todo</a>"#
            )
        )
    }

    @Test func theProjectsListFocusesTheProjectLeft() async throws {
        let client = try await self.signedIn()
        try await client.get("/authenticated/projects/project/1")
        let list = try await client.get("/authenticated/projects")
        #expect(list.body.contains(#"<a autofocus class="list-link" href="/authenticated/projects/project/1">"#))
    }

    @Test(arguments: ["pushScreen", "modalScreen", "pushCoordinator", "modalCoordinator"])
    func theTestbedFocusesTheButtonThatOpenedTheChild(_ route: String) async throws {
        let client = try await self.signedIn()
        let start = try await client.get("/authenticated/testbed")
        #expect(start.body.contains(#"id="testbed-1-0-start-\#(route)""#))
        let opened = try await client.post("/_nav/route", ["from": "/authenticated/testbed", "to": route])
        #expect(opened.status == .seeOther)
        try await client.follow(opened)
        let back = try await client.get("/authenticated/testbed")
        #expect(back.body.contains(#"<button autofocus type="submit" name="to" value="\#(route)""#))
        #expect(back.body.ranges(of: " autofocus").count == 1)
    }
}
