import Foundation
import Testing

/// The README shows code of this repository: each code block marked `<!-- file: path -->` must be
/// that file exactly, and each marked `<!-- excerpt: path -->` consecutive lines of it, so the
/// README's code is the code the tests compile.
@Suite struct ReadmeTests {
    static let repository = String(#filePath).replacing(
        "Examples/Hello/Tests/HelloAppTests/ReadmeTests.swift",
        with: ""
    )

    @Test func everyFileTheReadmeShowsIsShownExactly() throws {
        let blocks = try Self.blocks(marked: "file")
        for (path, code) in blocks {
            let file = try String(contentsOfFile: Self.repository + path, encoding: .utf8)
            #expect(code == file.trimmingCharacters(in: .newlines), "README block for \(path)")
        }
        #expect(blocks.count >= 6)
    }

    /// An excerpt's lines are compared as in the file, indentation aside.
    @Test func everyExcerptTheReadmeShowsIsInItsFile() throws {
        let blocks = try Self.blocks(marked: "excerpt")
        for (path, code) in blocks {
            let excerpt = Self.lines(code)
            let file = Self.lines(try String(contentsOfFile: Self.repository + path, encoding: .utf8))
            let found = file.indices.contains { file[$0...].starts(with: excerpt) }
            #expect(!excerpt.isEmpty && found, "README excerpt of \(path): \(excerpt.first ?? "")…")
        }
        #expect(blocks.count >= 2)
    }

    /// The code blocks that follow a `<!-- kind: path -->` marker, with their paths.
    static func blocks(marked kind: String) throws -> [(path: String, code: String)] {
        let readme = try String(contentsOfFile: Self.repository + "README.md", encoding: .utf8)
        var blocks: [(path: String, code: String)] = []
        var rest = readme[...]
        while let marker = rest.firstRange(of: "<!-- \(kind): ") {
            let afterMarker = rest[marker.upperBound...]
            let close = try #require(afterMarker.firstRange(of: " -->"))
            let fence = try #require(afterMarker[close.upperBound...].firstRange(of: "```"))
            let codeStart = try #require(afterMarker[fence.upperBound...].firstIndex(of: "\n"))
            let code = afterMarker[afterMarker.index(after: codeStart)...]
            let end = try #require(code.firstRange(of: "\n```"))
            blocks.append((String(afterMarker[..<close.lowerBound]), String(code[..<end.lowerBound])))
            rest = code[end.upperBound...]
        }
        return blocks
    }

    /// The lines of `text` without their leading and trailing spaces.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }
}
