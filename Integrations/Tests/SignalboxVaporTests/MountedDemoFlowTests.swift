import SignalboxTesting
import Testing

/// The todo demo mounted at `/todo` of a Vapor application, driven through Vapor's own in-memory
/// test client: the flows of the demo, every URL under the mount.
@Suite struct MountedDemoFlowTests {
    @Test func signingInWithTheFormsTokenLandsOnHomeUnderTheMount() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            let root = try await client.get("/todo")
            #expect(root.status == .seeOther)
            #expect(root.location == "/todo/unauthenticated")
            let page = try await client.get("/todo/unauthenticated")
            #expect(page.status == .ok)
            #expect(page.body.contains("<form method=\"post\" action=\"/todo/unauthenticated\""))
            #expect(page.csrfToken != nil)
            let login = try await client.post("/todo/unauthenticated", ["username": "alice", "password": "wonderland"])
            #expect(login.status == .seeOther)
            #expect(login.location == "/todo/authenticated/home")
            let home = try await client.follow(login)
            #expect(home.status == .ok)
            #expect(home.body.contains("Hello, alice"))
        }
    }

    @Test func tabsSwitchByLinkAndByTheRouterAndKeepTheirPlace() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.logIn()
            #expect(try await client.get("/todo/authenticated/todos/todo/1").status == .ok)
            let projects = try await client.get("/todo/authenticated/projects")
            #expect(projects.status == .ok)
            #expect(projects.body.contains("<a href=\"/todo/authenticated/projects\" aria-current=\"page\">"))
            // The Todos tab kept its pushed todo.
            #expect(projects.body.contains("<a href=\"/todo/authenticated/todos/todo/1\">"))
            let back = try await client.post("/todo/_nav/tab", ["to": "todos"])
            #expect(back.location == "/todo/authenticated/todos/todo/1")
            #expect(try await client.follow(back).body.contains("Buy milk"))
        }
    }

    @Test func aPushShowsTheTodoAndPopReturnsToTheList() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.logIn()
            try await client.get("/todo/authenticated/todos")
            let push = try await client.post(
                "/todo/_nav/route",
                ["to": "todo", "input": "2", "from": "/todo/authenticated/todos"]
            )
            #expect(push.location == "/todo/authenticated/todos/todo/2")
            let todo = try await client.follow(push)
            #expect(todo.status == .ok)
            #expect(todo.body.contains("Paint the roses red"))
            let pop = try await client.post("/todo/_nav/pop", ["from": "/todo/authenticated/todos/todo/2"])
            #expect(pop.location == "/todo/authenticated/todos")
        }
    }

    @Test func aModalOpensOverTheListAndClosesBackToIt() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.logIn()
            let modal = try await client.get("/todo/authenticated/todos/createTodo")
            #expect(modal.status == .ok)
            #expect(modal.body.contains("<dialog open class=\"modal\""))
            #expect(modal.body.contains("<a class=\"modal-close\" href=\"/todo/authenticated/todos\""))
            #expect(modal.body.contains("action=\"/todo/authenticated/todos/createTodo\""))
            let dismissed = try await client.post(
                "/todo/_nav/dismiss",
                ["from": "/todo/authenticated/todos/createTodo"]
            )
            #expect(dismissed.status == .seeOther)
            #expect(dismissed.location == "/todo/authenticated/todos")
            let list = try await client.follow(dismissed)
            #expect(!list.body.contains("<dialog"))

            try await client.get("/todo/authenticated/todos/createTodo")
            let created = try await client.post(
                "/todo/authenticated/todos/createTodo",
                ["title": "Feed the Cheshire cat"]
            )
            #expect(created.status == .seeOther)
            #expect(created.location?.hasPrefix("/todo/authenticated/todos") == true)
            #expect(try await client.follow(created).body.contains("Feed the Cheshire cat"))
        }
    }

    @Test func aWrongPasswordAnswers422KeepingTheUsernameNeverThePassword() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.get("/todo/unauthenticated")
            let answer = try await client.post("/todo/unauthenticated", ["username": "alice", "password": "nope"])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.body.contains("Wrong username or password."))
            #expect(answer.body.contains("value=\"alice\""))
            #expect(!answer.body.contains("nope"), "a password is never echoed")
            #expect(answer.body.contains("action=\"/todo/unauthenticated\""))
        }
    }

    @Test func theJSONStateNamesEveryPathUnderTheMount() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.logIn()
            let state = try await client.get("/todo/authenticated/todos/todo/1", json: true)
            #expect(state.status == .ok)
            #expect(state.contentType == "application/json")
            #expect(state.json["mount"] as? String == "/todo")
            #expect(state.json["path"] as? String == "/todo/authenticated/todos/todo/1")
            #expect(state.json["pop"] as? String == "/todo/authenticated/todos")
            let routes = try #require(state.json["routes"] as? [String: String])
            #expect(routes["pickProject"] == "/todo/authenticated/todos/todo/1/pickProject")
            let tabs = try #require(state.json["tabs"] as? [[String: Any]])
            #expect(tabs.compactMap { $0["path"] as? String }.allSatisfy { $0.hasPrefix("/todo/") })
            #expect(state.csrfToken != nil)
        }
    }

    @Test func aDeepLinkOpenedSignedOutIsContinuedAfterTheLogin() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            let link = try await client.get("/todo/authenticated/todos/todo/2")
            #expect(link.status == .seeOther)
            #expect(link.location == "/todo/unauthenticated")
            try await client.get("/todo/unauthenticated")
            let login = try await client.post("/todo/unauthenticated", ["username": "alice", "password": "wonderland"])
            #expect(login.location == "/todo/authenticated/todos/todo/2")
            let todo = try await client.follow(login)
            #expect(todo.status == .ok)
            #expect(todo.body.contains("Paint the roses red"))
        }
    }

    @Test func aFileUploadedThroughTheAdapterIsAttachedAndDownloads() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.logIn()
            try await client.get("/todo/authenticated/todos/todo/1")
            let attached = try await client.post(
                "/todo/authenticated/todos/todo/1",
                multipart: MultipartEncoding(
                    fields: [("action", "attach")],
                    files: [
                        .init(name: "file", filename: "notes.txt", contentType: "text/plain", bytes: Array("hi".utf8))
                    ]
                )
            )
            #expect(attached.status == .seeOther)
            let page = try await client.follow(attached)
            #expect(
                page.body.contains(#"<a href="/todo/authenticated/todos/todo/1?download=1" download>notes.txt</a>"#)
            )
            let file = try await client.get("/todo/authenticated/todos/todo/1?download=1")
            #expect(file.status == .ok)
            #expect(file.response.body == Array("hi".utf8))
        }
    }
}
