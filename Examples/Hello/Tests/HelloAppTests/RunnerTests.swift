import Foundation
import SignalboxTesting
import Testing

/// The built `hello-app`, run as a script runs it: standard output a pipe, `--port 0`.
@Suite struct RunnerTests {
    /// The executable next to the test bundle (`swift build --build-tests` builds both).
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("hello-app")
    static let templates = String(#filePath).replacing("Tests/HelloAppTests/RunnerTests.swift", with: "Templates")

    /// The first line `process` writes to `pipe`, read byte by byte (nothing is buffered ahead).
    static func firstLine(of pipe: Pipe) -> String {
        var bytes: [UInt8] = []
        while let byte = try? pipe.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func portZeroThroughAPipePrintsTheURLFirstServesAndStopsOnSIGTERM() async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port", "0", "--templates", Self.templates, "--log-level", "warning"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let line = Self.firstLine(of: output)
        let port = try #require(line.firstMatch(of: /^Listening on http:\/\/127\.0\.0\.1:(\d+)$/).flatMap { Int($0.1) })
        #expect(port > 0)
        let page = try await TestClient(.loopback(port: port)).get("/")
        #expect(page.status == .ok)
        #expect(page.body.contains("<h1>Hello</h1>"))

        process.terminate()  // SIGTERM: drain, then exit 0
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(try output.fileHandleForReading.readToEnd() == nil)  // nothing after the one line
    }

    @Test func anAppThatCannotBeBuiltExitsWithItsReason() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port", "0", "--templates", "/nonexistent"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let text = String(decoding: try errors.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        #expect(text.contains("error: /nonexistent: error: the template directory does not exist"))
    }
}
