public import ArgumentParser
public import Logging
public import SignalboxMHD
public import SignalboxWeb

extension AppRunner {
    /// The command-line options every Signalbox app takes:
    /// `[--host 127.0.0.1] [--port 8080] [--dev] [--templates Templates] [--public Public] [--log-level info]`.
    ///
    /// An app with options of its own adds these with `@OptionGroup var server: AppRunner.Options`.
    public struct Options: ParsableArguments, Sendable {
        @Option(help: "The address to bind (127.0.0.1, 0.0.0.0, ::1, ::).")
        public var host = "127.0.0.1"

        @Option(help: "The TCP port; 0 picks a free one (the URL printed says which).")
        public var port = 8080

        @Flag(
            help: """
                Developer mode: templates reload as they change and show their errors in the browser; \
                /_dev/tree and /_dev/routes; debug logs.
                """
        )
        public var dev = false

        @Option(help: "The templates folder.")
        public var templates = "Templates"

        @Option(name: .customLong("public"), help: "The static files folder (served first, if it exists).")
        public var publicFolder = "Public"

        @Option(help: "The lowest log level on standard error: trace, debug, info, notice, warning, error, critical.")
        public var logLevel: String?

        public init() {}

        public func validate() throws {
            guard (0...65535).contains(self.port) else { throw ValidationError("--port must be between 0 and 65535.") }
            if let logLevel = self.logLevel, Logger.Level(rawValue: logLevel) == nil {
                throw ValidationError(
                    "--log-level must be one of trace, debug, info, notice, warning, error, critical."
                )
            }
        }

        /// The web layer's configuration these options ask for (developer tools with `--dev`).
        public var configuration: WebApp.Configuration {
            var configuration = WebApp.Configuration()
            configuration.developerTools = self.dev
            return configuration
        }

        /// The server's configuration (host and port; the rest as ``/SignalboxMHD/HTTPServer/Configuration``
        /// has it).
        public var serverConfiguration: HTTPServer.Configuration {
            HTTPServer.Configuration(host: self.host, port: self.port)
        }

        /// The level `--log-level` names, else `debug` with `--dev` and `info` without.
        public var level: Logger.Level {
            self.logLevel.flatMap(Logger.Level.init(rawValue:)) ?? (self.dev ? .debug : .info)
        }

        /// A logger writing to standard error at ``level``; every line written while a request
        /// is handled carries its `request.id`. It does not bootstrap swift-log.
        public var logger: Logger {
            self.logger(label: "app")
        }

        /// ``logger`` with another label.
        public func logger(label: String) -> Logger {
            var logger = Logger(label: label) { label in
                StreamLogHandler.standardError(label: label, metadataProvider: .requestID)
            }
            logger.logLevel = self.level
            return logger
        }
    }
}
