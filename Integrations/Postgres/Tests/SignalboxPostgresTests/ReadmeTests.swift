import Foundation
import Testing

/// The README's PostgreSQL excerpt is the demo's own code, so it cannot rot.
@Suite struct ReadmeTests {
    @Test func theReadmesExcerptIsInTheFileItNames() throws {
        let root = String(#filePath).replacing(
            "Integrations/Postgres/Tests/SignalboxPostgresTests/ReadmeTests.swift",
            with: ""
        )
        let readme = try String(contentsOfFile: root + "README.md", encoding: .utf8)
        let marker = "// From Integrations/Postgres/Sources/TodoDemoPostgres/TodoDemoPostgresCommand.swift:"
        let block = try #require(
            readme.components(separatedBy: marker).dropFirst().first?.components(separatedBy: "```").first
        )
        let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines.count >= 5)
        let source = try String(
            contentsOfFile: root + "Integrations/Postgres/Sources/TodoDemoPostgres/TodoDemoPostgresCommand.swift",
            encoding: .utf8
        )
        let sourceLines = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in lines {
            #expect(sourceLines.contains(line), "not in the source: \(line)")
        }
    }
}
