import ArgumentParser
import SignalboxMHD
import SignalboxWeb
import TodoDemoServer
import TodoVaporService
import Vapor

/// `todo-vapor`: the example service on Vapor's server, with the todo demo at `/todo`, its JSON
/// routes at `/api/health` and `/api/stats`, and the demo's options (`--in-memory`, `--port 0`, …).
@main
struct TodoVaporCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-vapor",
        abstract: "Serves the Signalbox todo demo at /todo of a Vapor service (log in as alice / wonderland).",
        discussion: """
            Prints one line, "Listening on http://HOST:PORT/todo", once the server accepts connections; \
            logs go to standard error. SIGINT or SIGTERM stops it gracefully. /api/health and \
            /api/stats are the service's own routes.
            """
    )

    @OptionGroup var options: TodoDemoOptions

    func run() async throws {
        let options = self.options
        TodoDemoServer.bootstrapLogging(options)
        // Before any of Vapor's threads start, so none of them is stopped by the signals.
        let signals = try SignalWaiter()
        let logger = Logger(label: "todo-vapor")
        let backend = try await TodoDemoBackend.local(options, logger: logger)
        let site = try TodoDemoSite(options, backend: backend, logger: logger)

        // Vapor's own command line (serve, routes, --env) is not parsed: the options above are
        // the whole interface.
        let environment = Environment(
            name: options.dev ? "development" : "production",
            arguments: [CommandLine.arguments.first ?? "todo-vapor"]
        )
        let app = try await Application.make(environment, logger: logger)
        do {
            TodoVaporService.configure(app, site: site)
            try await app.asyncBoot()
            try await app.server.start(address: .hostname(options.host, port: options.port))
            let port = app.http.server.shared.localAddress?.port ?? options.port
            let host = TodoDemoServer.urlHost(options.host)
            TodoDemoServer.announce("Listening on http://\(host):\(port)\(TodoVaporService.defaultMountPath.path)")
            logger.info(
                "todo demo started on Vapor",
                metadata: ["templates": "\(site.templates)", "public": "\(site.publicFolder)", "dev": "\(options.dev)"]
            )
            let signal = await signals.wait()
            logger.info("shutting down", metadata: ["signal": "\(signal)"])
            await app.server.shutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
        logger.info("stopped")
    }
}
