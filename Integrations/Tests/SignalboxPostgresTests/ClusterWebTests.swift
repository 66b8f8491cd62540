import PostgresNIO
import PostgresTestSupport
import SignalboxTesting
import SignalboxWeb
import Testing
import TodoApp

@testable import SignalboxPostgres

/// The demo on three instances sharing one PostgreSQL session store, every request of a browser
/// going to the next instance (round-robin, no stickiness).
@Suite struct ClusterWebTests {
    let clock = ManualSessionClock()
    let data = InMemoryTodoStore.demo()

    func cluster(_ clients: [PostgresClient]) async throws -> [Instance] {
        var instances: [Instance] = []
        for client in clients {
            instances.append(try await Instance(client: client, data: self.data, clock: self.clock))
        }
        return instances
    }

    @Test func aSessionMovesBetweenInstancesWithEveryRequest() async throws {
        try await withClients(3) { _, clients in
            let instances = try await self.cluster(clients)
            let browser = RoundRobinBrowser(instances)
            let home = try await browser.logInAsAlice()
            #expect(home.status == .ok)
            #expect(home.body.contains("alice"))
            let pushed = try await browser.post(
                "/_nav/route",
                ["to": "todo", "input": "2", "from": "/authenticated/todos"]
            )
            #expect(pushed.location == "/authenticated/todos/todo/2")
            let modal = try await browser.get("/authenticated/todos/todo/2/pickProject")
            #expect(modal.body.contains("<dialog"))
            let closed = try await browser.post("/_nav/dismiss", ["from": "/authenticated/todos/todo/2/pickProject"])
            #expect(closed.location == "/authenticated/todos/todo/2")
            let page = try await browser.get("/authenticated/todos/todo/2")
            #expect(page.status == .ok)
            #expect(page.setCookies.isEmpty)  // the same session everywhere
            // Every instance served some of it, from its own copy of the tree.
            for instance in instances {
                let counted = instance.sessions.counters.values
                #expect(counted.treeCacheHits + counted.treeCacheMisses > 0)
            }
        }
    }

    @Test func aSubmissionRepeatedOnAnotherInstanceIsAnsweredNotAppliedAgain() async throws {
        try await withClients(2) { _, clients in
            let instances = try await self.cluster(clients)
            let browser = RoundRobinBrowser(instances)
            try await browser.logInAsAlice()
            let dialog = try await browser.get("/authenticated/todos/createTodo")
            let id = try #require(dialog.submissionID)
            let before = self.data.todos(of: InMemoryTodoStore.demoUser).count
            let first = try await browser.post("/authenticated/todos/createTodo", ["title": "Once", "_submission": id])
            let again = try await browser.post("/authenticated/todos/createTodo", ["title": "Once", "_submission": id])
            #expect(first.status == .seeOther)
            #expect(again.location == first.location)
            #expect(self.data.todos(of: InMemoryTodoStore.demoUser).count == before + 1)
        }
    }

    @Test func aDeepLinkIsContinuedAfterALoginOnAnotherInstance() async throws {
        try await withClients(2) { _, clients in
            let browser = RoundRobinBrowser(try await self.cluster(clients))
            let link = try await browser.get("/authenticated/todos/todo/3")
            #expect(link.location == "/unauthenticated")
            try await browser.get("/unauthenticated")
            let login = try await browser.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
            #expect(login.location == "/authenticated/todos/todo/3")
        }
    }

    @Test func aForgedPostIsRefusedByEveryInstance() async throws {
        try await withClients(2) { _, clients in
            let instances = try await self.cluster(clients)
            let browser = RoundRobinBrowser(instances)
            try await browser.logInAsAlice()
            for instance in instances {
                let forger = TestClient(instance.app)
                forger.cookies = browser.cookies
                let forged = try await forger.post("/_nav/route", ["to": "todo", "input": "1"], csrf: "0000")
                #expect(forged.status == .forbidden)
            }
        }
    }

    @Test func loggingOutOnOneInstanceEndsTheSessionOnAll() async throws {
        try await withClients(2) { _, clients in
            let instances = try await self.cluster(clients)
            let browser = RoundRobinBrowser(instances)
            try await browser.logInAsAlice()
            let old = browser.cookies
            try await browser.get("/authenticated/profile")
            let out = try await browser.post("/authenticated/profile", ["action": "logout"])
            #expect(out.status == .seeOther)
            for instance in instances {
                let stale = TestClient(instance.app)
                stale.cookies = old
                let page = try await stale.get("/authenticated/todos")
                #expect(page.location == "/unauthenticated")
            }
        }
    }

    @Test func aDatabaseOutageIs503OnEveryInstanceThenTheSameSessionGoesOn() async throws {
        try await withClients(2) { database, clients in
            let instances = try await self.cluster(clients)
            let browser = RoundRobinBrowser(instances)
            try await browser.logInAsAlice()
            try await browser.get("/authenticated/todos/todo/1")
            try await database.outage {
                for _ in instances {
                    let page = try await browser.get("/authenticated/todos/todo/1")
                    #expect(page.status == .serviceUnavailable)
                    #expect(page.response.headerFields[.retryAfter] != nil)
                }
            }
            for instance in instances {
                try await until { (try? await instance.sessions.checkReadiness()) != nil }
            }
            let page = try await browser.get("/authenticated/todos/todo/1")
            #expect(page.status == .ok)
            #expect(page.setCookies.isEmpty)
        }
    }
}
