import SignalboxMHD
import SignalboxTesting
import Testing
import TodoApp

/// The demo on the real server through SignalboxTesting's loopback client.
@Suite struct LiveServerTests {
    @Test func headAnswersTheGetsContentLengthWithoutABody() async throws {
        try await withDemoServer { demo in
            let client = TestClient(.loopback(port: demo.port))
            let get = try await client.get("/unauthenticated")
            let head = try await client.get("/unauthenticated", method: .head)
            #expect(get.status == .ok && head.status == .ok)
            #expect(head.body.isEmpty)
            let length = try #require(get.header("Content-Length").flatMap(Int.init))
            #expect(length == get.response.body.count)
            #expect(head.header("Content-Length") == String(length))
        }
    }

    @Test func aBrowserLogsInAndOutOverTheNetworkWithItsJarAndToken() async throws {
        try await withDemoServer { demo in
            let client = TestClient(.loopback(port: demo.port))
            let sent = try await client.get("/authenticated/todos")  // sent to the login page, remembered
            #expect(sent.location == "/unauthenticated")
            try await client.follow(sent)
            let first = try #require(client.sessionID)
            let login = try await client.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
            #expect(login.status == .seeOther)
            #expect(login.location == "/authenticated/todos")
            #expect(client.sessionID != first)  // rotated at login
            let todos = try await client.follow(login)
            #expect(todos.body.contains("Buy milk"))
            let forged = try await client.post("/authenticated/todos/todo/1", ["action": "toggleDone"], csrf: "")
            #expect(forged.status == .forbidden)
        }
    }
}
