import ArgumentParser
public import ServiceLifecycle
public import SignalboxWeb
import UnixSignals

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a ``/SignalboxWeb/WebApp`` into a served executable in one call: it reads the usual
/// options (``Options``), builds the app, serves `Public/` and the app on the embedded server,
/// prints `Listening on http://HOST:PORT` as the first line of standard output (unbuffered), and
/// stops gracefully on SIGTERM or SIGINT.
///
/// An app's `main.swift`:
///
/// ```swift
/// import HelloApp
/// import SignalboxRunner
///
/// await AppRunner.run { options in
///     try HelloApp.make(templates: options.templates, configuration: options.configuration, logger: options.logger)
/// }
/// ```
///
/// `hello-app --port 0` picks a free port; `--dev` reloads templates as they change. The server
/// is a ``WebAppServer``, a swift-service-lifecycle `Service`: pass an app's other services
/// (a database client) as `services`, and they start first and stop after it.
public enum AppRunner {
    /// Parses the command line, builds the app with `makeApp` and serves it until SIGTERM or
    /// SIGINT; then exits (status 0, or 1 with the error on standard error when the app cannot
    /// be built or served — a template that does not parse, a port in use).
    public static func run(
        services: [any Service] = [],
        _ makeApp: (Options) async throws -> WebApp
    ) async -> Never {
        let options = Command.parseOrExit().options
        do {
            try await self.serve(options, services: services, makeApp)
            exit(0)
        } catch {
            StandardOutput.writeLine("error: \(error)", toFileDescriptor: 2)
            exit(1)
        }
    }

    /// The options under the executable's own name, for `--help` and usage errors.
    struct Command: ParsableCommand {
        static var configuration: CommandConfiguration {
            let path = CommandLine.arguments.first ?? "app"
            return CommandConfiguration(commandName: String(path.split(separator: "/").last ?? "app"))
        }

        @OptionGroup var options: Options
    }

    /// Builds the app with `makeApp` and serves it (and `services`) until a graceful shutdown.
    public static func serve(
        _ options: Options,
        services: [any Service] = [],
        _ makeApp: (Options) async throws -> WebApp
    ) async throws {
        let logger = options.logger
        let app = try await makeApp(options)
        let server = WebAppServer(
            responder: StaticFiles(root: options.publicFolder, fallback: app),
            configuration: options.serverConfiguration,
            logger: logger
        )
        try await self.serve(server, services: services, logger: logger)
    }

    /// Serves `server` (and `services`, started before it and stopped after it) until SIGTERM or
    /// SIGINT shuts the group down gracefully.
    package static func serve(_ server: WebAppServer, services: [any Service] = [], logger: Logger) async throws {
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) }
                    + [.init(service: server)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await group.run()
    }
}
