import Logging
import SignalboxPostgres
import SignalboxTesting
import Testing
import TodoApp

@testable import TodoPostgres

/// The demo's web app over the PostgreSQL store: what a browser sees.
@Suite struct PostgresTodoWebTests {
    /// The repository's `Templates`, two folders above the integrations' workspace.
    static let templates =
        String(#filePath).split(separator: "/", omittingEmptySubsequences: false).dropLast(4).joined(separator: "/")
        + "/Templates"

    func makeApp(_ store: PostgresTodoStore) throws -> WebApp {
        let logger = Logger(label: "todo-postgres-web-tests") { _ in SwiftLogNoOpLogHandler() }
        return try TodoWebApp.make(store: store, templates: Self.templates, logger: logger)
    }

    @Test func failedLoginsOnOneInstanceAre429OnAnother() async throws {
        let clock = ManualSessionClock()
        try await withTwoInstances(clock: clock) { one, other in
            try await one.seedDemoIfEmpty()
            let first = TestClient(try self.makeApp(one))
            let second = TestClient(try self.makeApp(other))
            try await first.get("/unauthenticated")
            for _ in 0..<5 {
                let wrong = try await first.post("/unauthenticated", ["username": "alice", "password": "guess"])
                #expect(wrong.status == .unprocessableContent)
            }
            try await second.get("/unauthenticated")
            let refused = try await second.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.header("Retry-After") == "1")
            clock.advance(by: .seconds(1))
            let login = try await second.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
            #expect(login.status == .seeOther)
            #expect(await one.loginGate(for: "alice", from: nil) == .open)
        }
    }

    @Test func aPageWhoseDataCannotBeReadAnswers503NotAnEmptyPage() async throws {
        try await withStore { store, client in
            try await store.seedDemoIfEmpty()
            let alice = TestClient(try self.makeApp(store))
            try await alice.get("/unauthenticated")
            let login = try await alice.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
            #expect(login.status == .seeOther)
            let list = try await alice.get("/authenticated/todos")
            #expect(list.status == .ok)
            #expect(list.body.contains("Buy milk"))
            try await execute("ALTER TABLE todo RENAME TO todo_gone", on: client)
            let page = try await alice.get("/authenticated/todos")
            #expect(page.status == .serviceUnavailable)
            #expect(page.body.contains("could not be read right now"))
            #expect(!page.body.contains("todo_gone"))
            try await execute("ALTER TABLE todo_gone RENAME TO todo", on: client)
            #expect(try await alice.get("/authenticated/todos").status == .ok)
        }
    }

    @Test func aPageReadsItsDataInOneRoundTripAndATodoPageInTwo() async throws {
        try await withStore { store, _ in
            try await store.seedDemoIfEmpty()
            let alice = TestClient(try self.makeApp(store))
            try await alice.get("/unauthenticated")
            #expect(
                try await alice.post("/unauthenticated", ["username": "alice", "password": "wonderland"]).status
                    == .seeOther
            )
            let counters = store.database.counters
            var sent = counters.roundTrips
            // The list's data version, todos, projects and settings: one statement.
            #expect(try await alice.get("/authenticated/todos").status == .ok)
            #expect(counters.roundTrips - sent == 1)
            sent = counters.roundTrips
            // A todo's title (breadcrumb), the todo, the projects, then its attachments.
            let todo = try await alice.get("/authenticated/todos/todo/1")
            #expect(todo.status == .ok)
            #expect(todo.body.contains("Buy milk"))
            #expect(counters.roundTrips - sent == 2)
            sent = counters.roundTrips
            // A write, then the next page reads what it wrote.
            try await alice.get("/authenticated/todos/createTodo")
            let created = try await alice.post("/authenticated/todos/createTodo", ["title": "Written"])
            #expect(created.status == .seeOther)
            #expect(try await alice.get("/authenticated/todos").body.contains("Written"))
        }
    }
}
