import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit
import SignalboxHTTP
import SignalboxMHD
import SignalboxRunner
import SignalboxTesting
import SignalboxWeb
import Testing

/// `WebAppServer` as a swift-service-lifecycle service, in a group with others.
@Suite struct WebAppServerTests {
    static let quiet = Logger(label: "runner-tests") { _ in SwiftLogNoOpLogHandler() }

    /// A one-screen app.
    static func app() throws -> WebApp {
        WebApp(
            renderer: try MustacheRenderer(templates: ["home": "<p>home</p>"]),
            logger: Self.quiet
        ) { NavigationTree(root: HomeCoordinator()) }
    }

    /// A server on a free port that reports its URL to `urls`.
    static func server(_ urls: AsyncStream<String>.Continuation) throws -> WebAppServer {
        WebAppServer(
            responder: try Self.app(),
            configuration: .init(host: "127.0.0.1", port: 0),
            logger: Self.quiet
        ) { urls.yield($0) }
    }

    static func port(of url: String) throws -> Int {
        try #require(url.firstMatch(of: /^http:\/\/127\.0\.0\.1:(\d+)$/).flatMap { Int($0.1) })
    }

    @Test func itServesUntilAGracefulShutdownThenStopsAccepting() async throws {
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        let server = try Self.server(continuation)
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.run() }
                var iterator = urls.makeAsyncIterator()
                let port = try Self.port(of: try #require(await iterator.next()))
                let page = try await TestClient(.loopback(port: port)).get("/")
                #expect(page.status == .ok)
                #expect(page.body.contains("<p>home</p>"))
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
                await #expect(throws: (any Error).self) { try await TestClient(.loopback(port: port)).get("/") }
            }
        }
    }

    @Test func inAGroupItStopsWhenAnotherServiceEnds() async throws {
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        let server = try Self.server(continuation)
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    .init(service: ServeOnePage(urls: urls), successTerminationBehavior: .gracefullyShutdownGroup),
                    .init(service: server),
                ],
                logger: Self.quiet
            )
        )
        // Returns: the other service ended, so the group shut the server down gracefully.
        try await group.run()
    }

    @Test func aPortInUseIsAnErrorFromRun() async throws {
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        let first = try Self.server(continuation)
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await first.run() }
                var iterator = urls.makeAsyncIterator()
                let port = try Self.port(of: try #require(await iterator.next()))
                let second = WebAppServer(
                    responder: try Self.app(),
                    configuration: .init(host: "127.0.0.1", port: port),
                    logger: Self.quiet
                ) { _ in Issue.record("a second server announced itself") }
                await #expect(throws: HTTPServerError.self) { try await second.run() }
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
    }
}

/// Waits for the server's URL, loads one page, and ends (which ends the group).
struct ServeOnePage: Service {
    let urls: AsyncStream<String>

    func run() async throws {
        var iterator = self.urls.makeAsyncIterator()
        let port = try WebAppServerTests.port(of: try #require(await iterator.next()))
        #expect(try await TestClient(.loopback(port: port)).get("/").status == .ok)
    }
}

final class HomeCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \HomeCoordinator.home)
    @Root var home = makeHome
    func makeHome() -> HomeScreen { HomeScreen() }
}

struct HomeScreen: Screen {
    var template: String { "home" }
    var title: String { "Home" }
    var viewModel: ViewModel { [:] }
}
