import ArgumentParser
import TodoDemoServer

/// `todo-demo`: the Signalbox port of Stinsen's sample app, served by libmicrohttpd, its data and
/// sessions in SQLite files (or memory). `todo-demo-postgres` (Integrations/Postgres) is the same
/// demo on PostgreSQL, for several instances behind a load balancer.
@main
struct TodoDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-demo",
        abstract: "The Signalbox todo demo (log in as alice / wonderland).",
        subcommands: [Serve.self, Routes.self, OpenAPI.self],
        defaultSubcommand: Serve.self
    )

    /// `todo-demo [serve] [options]`: serves the demo.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serves the demo (what `todo-demo` does without a subcommand).",
            discussion: """
                Prints one line, "Listening on http://HOST:PORT", once the server accepts connections; \
                logs go to standard error. SIGINT or SIGTERM stops it gracefully. /healthz, /readyz and \
                /metrics (Prometheus) answer operations.
                """
        )

        @OptionGroup var options: TodoDemoOptions

        func run() async throws {
            try await TodoDemoServer.run(self.options) { logger in
                try await TodoDemoBackend.local(self.options, logger: logger)
            }
        }
    }

    /// `todo-demo openapi`: prints the OpenAPI document.
    struct OpenAPI: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "openapi",
            abstract: "Prints the demo's OpenAPI document (Public/openapi.json holds a copy)."
        )

        func run() {
            print(TodoDemoServer.openAPIDocument, terminator: "")
        }
    }

    /// `todo-demo routes`: prints the route table.
    struct Routes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints every route with the URL pattern that reaches it (as /_dev/routes shows)."
        )

        func run() {
            print(TodoDemoServer.routeTable, terminator: "")
        }
    }
}
