import GRDB
import SignalboxTesting
import TodoApp

@testable import SignalboxSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary folder, removed (with what is in it) when released.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/signalbox-sqlite-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw RawClient.Failure(description: "mkdtemp failed")
        }
        self.path = String(cString: made)
    }

    deinit {
        _ = system("rm -rf '\(self.path)'")
    }
}

/// The demo over a SQLite session store in `file`, with a manual clock; `store` is the demo's
/// data, shared across "restarts" (its own persistence is another issue's part).
struct DurableDemo {
    let app: WebApp
    let sessions: SQLiteSessionStore

    init(
        file: String,
        store: InMemoryTodoStore,
        clock: ManualSessionClock,
        configuration: SQLiteSessionStore.Configuration = .init()
    ) throws {
        var logger = Logger(label: "sqlite-tests")
        logger.logLevel = .critical
        let sessions = try SQLiteSessionStore(path: file, configuration: configuration, logger: logger)
        let renderer = try MustacheRenderer(directory: templatesFolder)
        self.sessions = sessions
        self.app = WebApp(renderer: renderer, sessions: sessions, clock: clock, logger: logger) {
            TodoWebApp.makeTree(store: store)
        }
    }

    /// The stored row of `id`.
    func row(_ id: SessionID?) async throws -> SessionRow? {
        guard let id else { return nil }
        return try await self.sessions.database.row(id: id)
    }
}

let templatesFolder: String = String(#filePath).replacing("Tests/SignalboxSQLiteTests/Support.swift", with: "Templates")

extension TestClient {
    /// Logs alice in (the demo's account) and returns where she lands.
    @discardableResult
    func logInAsAlice() async throws -> TestResponse {
        try await self.get("/unauthenticated")
        return try await self.follow(
            try await self.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        )
    }
}
