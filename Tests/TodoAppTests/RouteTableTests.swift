import SignalboxTesting
import Testing
import TodoApp
import TodoDemoServer

/// The demo's route table (`/_dev/routes`, `todo-demo routes`): every route is listed, and every
/// listed pattern, filled with a valid input, answers.
@Suite struct RouteTableTests {
    static func developerApp() throws -> WebApp {
        var logger = Logger(label: "route-table")
        logger.logLevel = .critical
        return try TodoWebApp.make(
            store: InMemoryTodoStore.demo(),
            templates: demoTemplates,
            configuration: .init(developerTools: true),
            logger: logger
        )
    }

    /// A valid value for each input type the demo's routes take.
    static let samples = ["Int": "1", "String": "newcomer"]

    static func filled(_ pattern: String) -> String {
        "/"
            + pattern.split(separator: "/").map { part in
                part.hasPrefix("{") ? Self.samples[String(part.dropFirst().dropLast()), default: "?"] : String(part)
            }.joined(separator: "/")
    }

    @Test func everyListedPatternAnswersOrRedirectsToTheLogin() async throws {
        let app = try Self.developerApp()
        let table = try await TestClient(app).get("/_dev/routes", json: true)
        let routes = try #require(table.json["routes"] as? [[String: Any]])
        #expect(routes.count == 27)
        let coordinators = Set(routes.compactMap { $0["coordinator"] as? String })
        #expect(
            coordinators == [
                "MainCoordinator", "UnauthenticatedCoordinator", "RegistrationCoordinator", "AuthenticatedCoordinator",
                "TodosCoordinator", "ProjectsCoordinator", "ProfileCoordinator", "TestbedCoordinator",
            ]
        )
        for route in routes {
            let pattern = try #require(route["pattern"] as? String)
            let path = Self.filled(pattern)
            let visitor = TestClient(app)
            let signedOut = try await visitor.get(path)
            if pattern.hasPrefix("/authenticated") {
                // The guard sends a visitor to the login page, remembering where they were going.
                #expect(signedOut.status == .seeOther, "\(path)")
                #expect(signedOut.location == "/unauthenticated", "\(path)")
            } else {
                #expect(signedOut.status == .ok, "\(path): \(signedOut.status)")
            }
            let alice = TestClient(app)
            try await alice.logIn()
            let signedIn = try await alice.get(path, json: true)
            #expect(signedIn.status == .ok, "\(path) signed in: \(signedIn.status) \(signedIn.body.prefix(160))")
        }
    }

    @Test func theTerminalTableListsTheSameRoutes() async throws {
        let table = try await TestClient(try Self.developerApp()).get("/_dev/routes", json: true)
        let routes = try #require(table.json["routes"] as? [[String: Any]])
        let lines = TodoDemoServer.routeTable.split(separator: "\n")
        #expect(lines.first?.hasPrefix("PATTERN") == true)
        #expect(lines.count == routes.count + 1)
        for (line, route) in zip(lines.dropFirst(), routes) {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            #expect(columns.first == route["pattern"] as? String)
            #expect(columns.dropFirst().first == "\(route["coordinator"]!).\(route["route"]!)")
        }
        #expect(
            lines.contains { $0.hasPrefix("/authenticated/todos/todo/{Int} ") && $0.contains("TodosCoordinator.todo") }
        )
    }
}
