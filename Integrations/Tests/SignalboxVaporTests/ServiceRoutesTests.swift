import Foundation
import SignalboxTesting
import Testing
import TodoVaporService
import VaporTesting

/// The service's own routes answer next to the mounted demo, and see what happens in it.
@Suite struct ServiceRoutesTests {
    @Test func healthAnswersOK() async throws {
        try await TodoService.run { service in
            try await service.app.testing().test(.GET, "/api/health") { answer in
                #expect(answer.status == .ok)
                #expect(answer.headers.contentType == .json)
                #expect(answer.body.string == #"{"status":"ok"}"#)
            }
        }
    }

    @Test func statsCountWhatTheMountedAppChanges() async throws {
        try await TodoService.run { service in
            let before = try await service.statistics()
            #expect(before.users == 1)
            #expect(before.todos == 4)
            #expect(before.done == 1)
            #expect(before.projects == 2)
            #expect(before.sessions == 0)

            let client = try service.browser()
            try await client.logIn()
            try await client.get("/todo/authenticated/todos/createTodo")
            let created = try await client.post("/todo/authenticated/todos/createTodo", ["title": "Paint the fence"])
            #expect(created.status == .seeOther)

            let after = try await service.statistics()
            #expect(after.todos == before.todos + 1)
            #expect(after.users == before.users)
            #expect(after.sessions == 1)
            // The service's routes are never the web app's: no session cookie.
            #expect(try await client.get("/api/stats").setCookies.isEmpty)
        }
    }
}
