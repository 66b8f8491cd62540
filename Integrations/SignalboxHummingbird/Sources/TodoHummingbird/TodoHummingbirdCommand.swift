import ArgumentParser
import Hummingbird
import Logging
import NIOCore
import TodoDemoServer
import TodoHummingbirdService

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `todo-hummingbird`: a Hummingbird service with its own `/api/health` and `/api/stats`, and the
/// todo demo mounted at `/todo`. Takes the demo's options (`--port`, `--in-memory`, `--dev`…).
@main
struct TodoHummingbirdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-hummingbird",
        abstract: "A Hummingbird service with the Signalbox todo demo mounted at /todo."
    )

    @OptionGroup var options: TodoDemoOptions

    func run() async throws {
        TodoDemoServer.bootstrapLogging(self.options)
        let logger = Logger(label: "todo-hummingbird")
        let backend = try await TodoDemoBackend.local(self.options, logger: logger)
        let site = try TodoDemoSite(self.options, backend: backend, logger: logger)
        let host = self.options.host
        let service = Application(
            router: TodoService.router(site: site),
            configuration: .init(address: .hostname(host, port: self.options.port), serverName: "todo-hummingbird"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                TodoDemoServer.announce("Listening on http://\(TodoDemoServer.urlHost(host)):\(port)/todo")
            },
            logger: logger
        )
        try await service.runService()
    }
}
