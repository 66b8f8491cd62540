import SignalboxTesting
import SignalboxWeb
import TodoApp

/// The demo in-process, seen through SignalboxTesting's browser.
typealias WebClient = TestClient

/// The repository's `Templates/` folder, found next to this file.
let demoTemplates: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Support/WebClient.swift, TodoAppTests, Tests
    return parts.joined(separator: "/") + "/Templates"
}()

extension TestClient {
    /// A browser on the demo over `store` (a fresh demo store by default).
    static func demo(store: InMemoryTodoStore = .demo()) throws -> TestClient {
        var logger = Logger(label: "todo-tests")
        logger.logLevel = .critical
        return TestClient(try TodoWebApp.make(store: store, templates: demoTemplates, logger: logger))
    }

    /// The session's whole navigation state as JSON (`GET /` with JSON changes nothing).
    func state() async throws -> String {
        let answer = try await self.get("/", json: true)
        guard answer.status == .ok else { throw StateError(answer: answer.body) }
        return answer.body
    }

    struct StateError: Error {
        var answer: String
    }

    /// Logs alice in and returns the page she lands on.
    @discardableResult
    func logIn() async throws -> TestResponse {
        try await self.get("/unauthenticated")
        let answer = try await self.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        return try await self.follow(answer)
    }
}
