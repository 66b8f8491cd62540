import HTTPTypes
import SignalboxTesting
import Testing
import TodoApp

/// Every state-changing POST of the demo, forged three ways: refused with 403, nothing changes.
@Suite struct ForgedPostTests {
    /// One state-changing POST, made from a page of a signed-in or signed-out session.
    struct Action: Sendable, CustomTestStringConvertible {
        let name: String
        let signedIn: Bool
        /// The page the session shows before the POST.
        let page: String
        let path: String
        let fields: [(String, String)]
        var testDescription: String { self.name }

        init(_ name: String, signedIn: Bool = true, page: String, path: String? = nil, _ fields: [(String, String)]) {
            self.name = name
            self.signedIn = signedIn
            self.page = page
            self.path = path ?? page
            self.fields = fields
        }
    }

    static let actions: [Action] = [
        Action(
            "login",
            signedIn: false,
            page: "/unauthenticated",
            [("username", "alice"), ("password", "wonderland")]
        ),
        Action("forgotten password", signedIn: false, page: "/unauthenticated/forgotPassword", [("username", "alice")]),
        Action(
            "registration: username",
            signedIn: false,
            page: "/unauthenticated/registration",
            [("username", "mallory")]
        ),
        Action(
            "registration: password",
            signedIn: false,
            page: "/unauthenticated/registration/password/mallory",
            [("password", "tweedledum"), ("confirmation", "tweedledum")]
        ),
        Action("logout", page: "/authenticated/profile", [("action", "logout")]),
        Action("settings", page: "/authenticated/profile/settings", [("hidesCompletedTodos", "on")]),
        Action("todo: toggleDone", page: "/authenticated/todos/todo/1", [("action", "toggleDone")]),
        Action("todo: toggleFavorite", page: "/authenticated/todos/todo/1", [("action", "toggleFavorite")]),
        Action("todo: clearProject", page: "/authenticated/todos/todo/1", [("action", "clearProject")]),
        Action("todo: delete", page: "/authenticated/todos/todo/1", [("action", "delete")]),
        Action(
            "todo: form to / (the page shown)",
            page: "/authenticated/todos/todo/1",
            path: "/",
            [("action", "toggleDone")]
        ),
        Action("createTodo", page: "/authenticated/todos/createTodo", [("title", "Forged")]),
        Action("pickProject", page: "/authenticated/todos/todo/4/pickProject", [("project", "1")]),
        Action("home: open a favourite", page: "/authenticated/home", [("todo", "1")]),
        Action("createProject", page: "/authenticated/projects/createProject", [("name", "Forged")]),
        Action("project: toggleFavorite", page: "/authenticated/projects/project/2", [("action", "toggleFavorite")]),
        Action("testbed: popToRoot", page: "/authenticated/testbed/pushScreen", [("action", "popToRoot")]),
        Action("testbed: notices", page: "/authenticated/testbed", [("action", "notices")]),
        Action(
            "testbed: dismissCoordinator",
            page: "/authenticated/testbed/pushCoordinator",
            [("action", "dismissCoordinator")]
        ),
        Action(
            "/_nav/route",
            page: "/authenticated/todos",
            path: "/_nav/route",
            [("to", "todo"), ("input", "1"), ("from", "/authenticated/todos")]
        ),
        Action(
            "/_nav/route signed out",
            signedIn: false,
            page: "/unauthenticated",
            path: "/_nav/route",
            [("to", "registration")]
        ),
        Action(
            "/_nav/pop",
            page: "/authenticated/todos/todo/1",
            path: "/_nav/pop",
            [("from", "/authenticated/todos/todo/1")]
        ),
        Action(
            "/_nav/popToRoot",
            page: "/authenticated/todos/todo/1/todo/2",
            path: "/_nav/popToRoot",
            [("from", "/authenticated/todos/todo/1/todo/2")]
        ),
        Action("/_nav/tab", page: "/authenticated/todos", path: "/_nav/tab", [("to", "projects")]),
        Action(
            "/_nav/dismiss",
            page: "/authenticated/todos/createTodo",
            path: "/_nav/dismiss",
            [("from", "/authenticated/todos/createTodo")]
        ),
    ]

    enum Forgery: String, CaseIterable, Sendable {
        case noToken, wrongToken, crossSiteOrigin
    }

    /// Everything a POST could change: the session's navigation state (tree, path, the screens'
    /// view models, the CSRF token), its cookie, and the store's data.
    struct Observed: Equatable {
        var state: String
        var cookies: [String: String]
        var todos: [Todo]
        var projects: [Project]
        var settings: UserSettings
        var registered: Bool
    }

    func observe(_ client: WebClient, _ store: InMemoryTodoStore) async throws -> Observed {
        let alice = InMemoryTodoStore.demoUser
        return Observed(
            state: try await client.state(),
            cookies: client.cookies,
            todos: store.todos(of: alice),
            projects: store.projects(of: alice),
            settings: store.settings(of: alice),
            registered: store.isRegistered(username: "mallory")
        )
    }

    @Test(arguments: actions, Forgery.allCases)
    func aForgedPostIsRefusedWith403AndChangesNothing(_ action: Action, _ forgery: Forgery) async throws {
        let store = InMemoryTodoStore.demo()
        let client = try WebClient.demo(store: store)
        if action.signedIn { try await client.logIn() }
        #expect(try await client.get(action.page).status == 200)
        let before = try await self.observe(client, store)

        let forged: TestResponse
        switch forgery {
        case .noToken:
            forged = try await client.post(action.path, action.fields, csrf: "")
        case .wrongToken:
            forged = try await client.post(action.path, action.fields, csrf: String(repeating: "0", count: 32))
        case .crossSiteOrigin:
            forged = try await client.post(action.path, action.fields, headers: [(.origin, "http://evil.example")])
        }
        #expect(forged.status == 403)
        #expect(forged.setCookies.isEmpty)
        #expect(try await self.observe(client, store) == before)

        // The same POST, genuine, does change something: the row tests a real action.
        let genuine = try await client.post(action.path, action.fields)
        #expect(genuine.status == 303)
        #expect(try await self.observe(client, store) != before)
    }
}
