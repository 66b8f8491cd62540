public import ArgumentParser
import SignalboxSQLite
public import SignalboxWeb

/// The todo demo's command-line options, shared by `todo-demo` and `todo-demo-postgres`.
public struct TodoDemoOptions: ParsableArguments, Sendable {
    @Option(help: "The address to bind (127.0.0.1, 0.0.0.0, ::1, ::).")
    public var host = "127.0.0.1"

    @Option(help: "The TCP port; 0 picks a free one (the real port is printed).")
    public var port = 8080

    @Option(help: "The templates folder (default: ./Templates, else the repository's).")
    public var templates: String?

    @Option(
        name: .customLong("public"),
        help: "The static files folder (default: ./Public, else the repository's)."
    )
    public var publicFolder: String?

    @Flag(
        help: """
            Developer mode: templates reload as they change and show their errors in the browser; \
            /_dev/tree, /_dev/routes, /_dev/sessions and /_dev/openapi.json; a line per request and more logs.
            """
    )
    public var dev = false

    @Flag(help: "Mark the session cookie Secure (serve over HTTPS, e.g. behind a TLS proxy).")
    public var secureCookies = false

    @Flag(
        help: """
            Behind a reverse proxy on this host (127.0.0.1, ::1): no per-address connection limit (every \
            client has the proxy's), and per-client limits count the address it forwards in X-Forwarded-For.
            """
    )
    public var behindProxy = false

    @Option(
        name: .customLong("trusted-proxy"),
        help: "A proxy's address whose X-Forwarded-For is believed, besides --behind-proxy's (repeatable)."
    )
    public var trustedProxies: [String] = []

    @Option(
        help: """
            Serve /metrics on this HOST:PORT only (127.0.0.1:9100, [::1]:9100; port 0 picks one), not on \
            the app's port. Default: /metrics on the app's port, for anyone who can reach it.
            """
    )
    public var metricsAddress: String?

    @Option(help: "New sessions one client address may start per minute (0: no limit).")
    public var newSessionsPerMinute = WebApp.Configuration().newSessionsPerMinute

    @Option(help: "The SQLite file for the demo's data; sessions go next to it (NAME.sessions.sqlite).")
    public var database = "todo-demo.sqlite"

    @Flag(help: "Keep data and sessions in memory only: nothing survives a restart.")
    public var inMemory = false

    @Option(
        help: """
            The SQLite file for sessions (default: next to --database). With --in-memory, keeps only \
            the sessions on disk (for measuring the session store alone).
            """
    )
    public var sessions: String?

    @Option(help: "The most sessions kept live in memory; the others hibernate in the database.")
    public var hotSessions = SQLiteSessionStore.Configuration().hotSessions

    @Option(help: "The most live sessions; past it the least recently used one is evicted.")
    public var maxSessions = WebApp.Configuration().maxSessions

    @Option(help: "The lowest log level on standard error: trace, debug, info, notice, warning, error, critical.")
    public var logLevel: String?

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(self.port) else {
            throw ValidationError("--port must be between 0 and 65535.")
        }
        guard self.maxSessions >= 1 else {
            throw ValidationError("--max-sessions must be at least 1.")
        }
        guard self.newSessionsPerMinute >= 0 else {
            throw ValidationError("--new-sessions-per-minute must not be negative.")
        }
        guard self.hotSessions >= 1 else {
            throw ValidationError("--hot-sessions must be at least 1.")
        }
        if let address = self.metricsAddress, Self.hostAndPort(address) == nil {
            throw ValidationError("--metrics-address must be HOST:PORT, e.g. 127.0.0.1:9100 or [::1]:9100.")
        }
        if let logLevel = self.logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
    }

    /// The web layer's configuration these options ask for.
    public var webConfiguration: WebApp.Configuration {
        var configuration = WebApp.Configuration()
        configuration.developerTools = self.dev
        configuration.maxSessions = self.maxSessions
        configuration.secureCookies = self.secureCookies
        configuration.newSessionsPerMinute = self.newSessionsPerMinute
        configuration.trustedProxies = (self.behindProxy ? ["127.0.0.1", "::1"] : []) + self.trustedProxies
        return configuration
    }

    /// `HOST:PORT` (IPv6 in brackets) split, or `nil` when it is not one.
    static func hostAndPort(_ address: String) -> (host: String, port: Int)? {
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
            (0...65535).contains(port)
        else { return nil }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        return (host, port)
    }

    /// Where sessions are kept: `--sessions`, else next to the data file, else (`--in-memory`)
    /// nowhere.
    var sessionsFile: String? {
        self.sessions ?? (self.inMemory ? nil : Self.sessionsFile(for: self.database))
    }

    /// The sessions' file next to the data file: `todo-demo.sqlite` → `todo-demo.sessions.sqlite`.
    static func sessionsFile(for database: String) -> String {
        database.hasSuffix(".sqlite")
            ? String(database.dropLast(".sqlite".count)) + ".sessions.sqlite" : database + ".sessions"
    }
}
