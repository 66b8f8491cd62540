import ArgumentParser
import SignalboxMHD
import SignalboxSQLite
import SignalboxWeb
import TodoApp
import TodoStorage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `todo-demo`: the Signalbox port of Stinsen's sample app, served by libmicrohttpd.
@main
struct TodoDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-demo",
        abstract: "Serves the Signalbox todo demo (log in as alice / wonderland).",
        discussion: """
            Prints one line, "Listening on http://HOST:PORT", once the server accepts connections; \
            logs go to standard error. SIGINT or SIGTERM stops it gracefully.
            """
    )

    @Option(help: "The address to bind (127.0.0.1, 0.0.0.0, ::1, ::).")
    var host = "127.0.0.1"

    @Option(help: "The TCP port; 0 picks a free one (the real port is printed).")
    var port = 8080

    @Option(help: "The templates folder (default: ./Templates, else the repository's).")
    var templates: String?

    @Option(
        name: .customLong("public"),
        help: "The static files folder (default: ./Public, else the repository's)."
    )
    var publicFolder: String?

    @Flag(help: "Serve the developer pages /_dev/tree and /_dev/sessions, and log more.")
    var dev = false

    @Flag(help: "Mark the session cookie Secure (serve over HTTPS, e.g. behind a TLS proxy).")
    var secureCookies = false

    @Option(help: "The SQLite file for the demo's data; sessions go next to it (NAME.sessions.sqlite).")
    var database = "todo-demo.sqlite"

    @Flag(help: "Keep data and sessions in memory only: nothing survives a restart.")
    var inMemory = false

    @Option(
        help: """
            The SQLite file for sessions (default: next to --database). With --in-memory, keeps only \
            the sessions on disk (for measuring the session store alone).
            """
    )
    var sessions: String?

    @Option(help: "The most sessions kept live in memory; the others hibernate in the database.")
    var hotSessions = SQLiteSessionStore.Configuration().hotSessions

    @Option(help: "The most live sessions; past it the least recently used one is evicted.")
    var maxSessions = WebApp.Configuration().maxSessions

    @Option(help: "The lowest log level on standard error: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String?

    func validate() throws {
        guard (0...65535).contains(self.port) else {
            throw ValidationError("--port must be between 0 and 65535.")
        }
        guard self.maxSessions >= 1 else {
            throw ValidationError("--max-sessions must be at least 1.")
        }
        guard self.hotSessions >= 1 else {
            throw ValidationError("--hot-sessions must be at least 1.")
        }
        if let logLevel = self.logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
    }

    func run() async throws {
        let level = self.logLevel.flatMap(Logger.Level.init(rawValue:)) ?? (self.dev ? .debug : .info)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "todo-demo")

        let templates = try Self.folder(self.templates, named: "Templates", marker: "layout.mustache")
        let publicRoot = (try? Self.folder(self.publicFolder, named: "Public", marker: "app.css")) ?? "Public"

        var webConfiguration = WebApp.Configuration()
        webConfiguration.developerTools = self.dev
        webConfiguration.maxSessions = self.maxSessions
        webConfiguration.secureCookies = self.secureCookies
        let store: any TodoStore
        if self.inMemory {
            store = InMemoryTodoStore.demo()
            logger.info("data in memory only (--in-memory): it does not survive a restart")
        } else {
            let data = try SQLiteTodoStore(path: self.database, logger: logger)
            if try await data.seedDemoIfEmpty() { logger.info("new data file with the demo's data") }
            store = data
            logger.info("data in SQLite", metadata: ["data": "\(self.database)"])
        }
        var sessions: (any SessionStore)?
        if let sessionsFile = self.sessionsFile {
            sessions = try SQLiteSessionStore(
                path: sessionsFile,
                configuration: .init(
                    idleTimeout: webConfiguration.idleTimeout,
                    absoluteTimeout: webConfiguration.absoluteTimeout,
                    maxSessions: webConfiguration.maxSessions,
                    hotSessions: self.hotSessions
                ),
                logger: logger
            )
            logger.info("sessions in SQLite", metadata: ["sessions": "\(sessionsFile)"])
        } else {
            logger.info("sessions in memory only (--in-memory): they do not survive a restart")
        }
        let app = try TodoWebApp.make(
            store: store,
            templates: templates,
            configuration: webConfiguration,
            sessions: sessions,
            logger: logger
        )
        let site = StaticFiles(root: publicRoot, fallback: app)
        if site.root == nil {
            logger.warning("no static files folder; serving none", metadata: ["public": "\(publicRoot)"])
        }
        let server = HTTPServer(configuration: .init(host: self.host, port: self.port), responder: site, logger: logger)

        // Install the signal handler before the server's threads start, so they inherit the mask.
        let signals = try SignalWaiter()
        try server.start()
        Self.announce("Listening on http://\(Self.urlHost(self.host)):\(server.port)\n")
        logger.info(
            "todo demo started",
            metadata: ["templates": "\(templates)", "public": "\(publicRoot)", "dev": "\(self.dev)"]
        )
        let signal = await signals.wait()
        logger.info("shutting down", metadata: ["signal": "\(signal)"])
        await server.shutdown()
        logger.info("stopped")
    }

    /// The folder given on the command line, else `name` in the current directory when it holds
    /// `marker`, else `name` in the repository this file was built from.
    static func folder(_ given: String?, named name: String, marker: String) throws -> String {
        if let given { return given }
        if access("\(name)/\(marker)", R_OK) == 0 { return name }
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // TodoDemoCommand.swift, TodoDemo, Sources
        let repository = parts.joined(separator: "/") + "/" + name
        guard access("\(repository)/\(marker)", R_OK) == 0 else {
            throw ValidationError("No \(name) folder here or at \(repository); pass --\(name.lowercased()).")
        }
        return repository
    }

    /// The sessions' file next to the data file: `todo-demo.sqlite` → `todo-demo.sessions.sqlite`.
    /// Where sessions are kept: `--sessions`, else next to the data file, else (`--in-memory`)
    /// nowhere.
    var sessionsFile: String? {
        self.sessions ?? (self.inMemory ? nil : Self.sessionsFile(for: self.database))
    }

    static func sessionsFile(for database: String) -> String {
        database.hasSuffix(".sqlite")
            ? String(database.dropLast(".sqlite".count)) + ".sessions.sqlite" : database + ".sessions"
    }

    /// IPv6 addresses go in brackets in URLs.
    static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }

    /// Writes straight to file descriptor 1, so the line is out before anything else happens
    /// (no stdio buffering to flush when stdout is a pipe).
    static func announce(_ line: String) {
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
