import ArgumentParser
import Foundation
import SignalboxTesting
import Testing
import TodoDemoServer
import TodoVaporService
import Vapor
import VaporTesting

/// The example service over a fresh in-memory demo, in a Vapor application whose logger (and so
/// every request's logger) records into ``log``.
struct TodoService {
    let app: Application
    let site: TodoDemoSite
    let log: LogRecorder

    /// Runs `body` on a fresh service, then shuts its application down.
    @discardableResult
    static func run<T>(_ body: (TodoService) async throws -> T) async throws -> T {
        let log = LogRecorder()
        let app = try await Application.make(.testing, logger: log.logger(label: "todo-vapor-tests"))
        do {
            let options = try TodoDemoOptions.parse(["--in-memory"])
            let backend = try await TodoDemoBackend.local(options, logger: Self.quietLogger)
            let site = try TodoDemoSite(options, backend: backend, logger: Self.quietLogger)
            TodoVaporService.configure(app, site: site)
            let result = try await body(TodoService(app: app, site: site, log: log))
            try await app.asyncShutdown()
            return result
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    /// A logger for what the tests do not look at.
    static var quietLogger: Logger {
        var logger = Logger(label: "todo-vapor-tests.quiet")
        logger.logLevel = .critical
        return logger
    }

    /// A browser whose requests go through Vapor's in-memory test client.
    func browser() throws -> TestClient {
        TestClient(.inProcess(VaporResponder(tester: try self.app.testing())))
    }

    /// `GET /api/stats`, decoded.
    func statistics() async throws -> ServiceStatistics {
        let answer = try await self.app.testing().sendRequest(.GET, "/api/stats")
        #expect(answer.status == .ok)
        return try JSONDecoder().decode(ServiceStatistics.self, from: Data(answer.body.readableBytesView))
    }

    /// Serves the application on a free loopback port for the duration of `body`.
    func live<T>(_ body: (_ port: Int) async throws -> T) async throws -> T {
        try await self.app.asyncBoot()
        try await self.app.server.start(address: .hostname("127.0.0.1", port: 0))
        do {
            let port = try #require(self.app.http.server.shared.localAddress?.port)
            let result = try await body(port)
            await self.app.server.shutdown()
            return result
        } catch {
            await self.app.server.shutdown()
            throw error
        }
    }
}

extension TestClient {
    /// Logs alice in at `/todo` and returns the page she lands on.
    @discardableResult
    func logIn() async throws -> TestResponse {
        try await self.get("/todo/unauthenticated")
        let answer = try await self.post("/todo/unauthenticated", ["username": "alice", "password": "wonderland"])
        return try await self.follow(answer)
    }
}
