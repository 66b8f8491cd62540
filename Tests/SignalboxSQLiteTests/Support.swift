import Foundation
import GRDB
@_spi(RawHTTP) import SignalboxTesting
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
        configuration: SQLiteSessionStore.Configuration = .init(),
        logger: Logger? = nil
    ) throws {
        let logger = logger ?? Self.quietLogger
        let sessions = try SQLiteSessionStore(path: file, configuration: configuration, logger: logger)
        let renderer = try MustacheRenderer(directory: templatesFolder)
        self.sessions = sessions
        self.app = WebApp(renderer: renderer, sessions: sessions, clock: clock, logger: logger) {
            TodoWebApp.makeTree(store: store)
        }
    }

    /// Logs only what is critical: the tests' default.
    static var quietLogger: Logger {
        var logger = Logger(label: "sqlite-tests")
        logger.logLevel = .critical
        return logger
    }

    /// The stored row of `id`.
    func row(_ id: SessionID?) async throws -> SessionRow? {
        guard let id else { return nil }
        return try self.sessions.database.row(id: id)
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

/// Overwrites every page of the SQLite file at `path` after the first with garbage. The first
/// page (the 100-byte header and the schema) stays intact: still a database, but a corrupt one.
func corruptEveryPageAfterTheFirst(of path: String) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let header = try handle.read(upToCount: 100) ?? Data()
    guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
        throw RawClient.Failure(description: "\(path) is not a SQLite database")
    }
    let pageSize = (Int(header[16]) << 8) | Int(header[17])
    let firstPage = pageSize == 1 ? 65_536 : pageSize
    let size = Int(try handle.seekToEnd())
    guard size > firstPage else { throw RawClient.Failure(description: "\(path) has a single page") }
    try handle.seek(toOffset: UInt64(firstPage))
    try handle.write(contentsOf: Data((0..<(size - firstPage)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
}
