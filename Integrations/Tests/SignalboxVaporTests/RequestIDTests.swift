import ArgumentParser
import Foundation
import HTTPTypes
import Logging
import SignalboxTesting
import SignalboxVapor
import Testing
import TodoApp
import TodoDemoServer
import Vapor
import VaporTesting

/// One id names a request everywhere: the web layer logs to Vapor's request logger (whose lines
/// carry `request-id`) and uses `Request.id` as its own request id (the one a 500 page shows).
@Suite struct RequestIDTests {
    static let requestIDHeader = HTTPField.Name("X-Request-Id")!

    @Test func theWebLayersLinesCarryVaporsRequestID() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.get("/todo/unauthenticated", headers: [(Self.requestIDHeader, "vapor-request-1")])
            let line = try #require(
                service.log.entries.first {
                    $0.message == "request" && $0.metadata["http.path"] == "/todo/unauthenticated"
                }
            )
            #expect(line.level == .debug)
            #expect(line.metadata["request-id"] == "vapor-request-1")
            #expect(line.metadata["request.id"] == "vapor-request-1")
            #expect(line.metadata["http.status"] == "200")
            // Vapor's own line for the request has the same id.
            #expect(
                service.log.entries.contains {
                    $0.message == "GET /todo/unauthenticated" && $0.metadata["request-id"] == "vapor-request-1"
                }
            )
        }
    }

    @Test func vaporsGeneratedIDIsTheWebLayersToo() async throws {
        try await TodoService.run { service in
            let client = try service.browser()
            try await client.logIn()
            let lines = service.log.entries.filter { $0.message == "request" }
            #expect(lines.count == 3)
            for line in lines {
                let id = try #require(line.metadata["request-id"])
                #expect(line.metadata["request.id"] == id)
            }
            #expect(Set(lines.compactMap { $0.metadata["request-id"]?.description }).count == 3)
            let rotated = try #require(service.log.entries.first { $0.message == "session id rotated" })
            #expect(rotated.metadata["request-id"] != nil)
        }
    }

    @Test func aServerErrorShowsAndLogsVaporsRequestID() async throws {
        let log = LogRecorder()
        let app = try await Application.make(.testing, logger: log.logger(label: "todo-vapor-tests"))
        do {
            // The demo without the todo page's template: showing a todo is a 500.
            let templates = try Self.templates(without: "todos/todo.mustache")
            defer { try? FileManager.default.removeItem(atPath: templates) }
            let web = try TodoWebApp.make(
                store: InMemoryTodoStore.demo(),
                templates: templates,
                logger: TodoService.quietLogger
            )
            app.mount(web, at: "/todo")
            let client = TestClient(.inProcess(VaporResponder(tester: try app.testing())))
            try await client.logIn()
            let failure = try await client.get(
                "/todo/authenticated/todos/todo/1",
                headers: [(Self.requestIDHeader, "vapor-request-500")]
            )
            #expect(failure.status == .internalServerError)
            #expect(failure.header("X-Request-ID") == "vapor-request-500")
            #expect(failure.body.contains("vapor-request-500"))
            #expect(!failure.body.contains("error-detail"), "the details stay in the log")
            let error = try #require(log.entries.first { $0.message == "request failed" })
            #expect(error.level == .error)
            #expect(error.metadata["request-id"] == "vapor-request-500")
            #expect(error.metadata["request.id"] == "vapor-request-500")
            #expect(error.metadata["error.message"]?.description.contains("todos/todo") == true)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    /// A copy of the demo's templates in a temporary folder, without `removed`.
    static func templates(without removed: String) throws -> String {
        let options = try TodoDemoOptions.parse(["--in-memory"])
        let site = try TodoDemoSite(
            options,
            backend: TodoDemoBackend(store: InMemoryTodoStore.demo(), sessions: nil),
            logger: TodoService.quietLogger
        )
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("signalbox-vapor-templates-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: site.templates, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/" + removed)
        return copy
    }
}
