import Foundation
import Testing

/// The README and the DocC articles show code of this repository: each code block marked
/// `<!-- file: path -->` must be that file exactly, and each marked `<!-- excerpt: path -->`
/// consecutive lines of it, so the code they show is the code the tests compile.
@Suite struct ReadmeTests {
    static let repository = String(#filePath).replacing(
        "Examples/Hello/Tests/HelloAppTests/ReadmeTests.swift",
        with: ""
    )

    @Test func everyFileTheReadmeShowsIsShownExactly() throws {
        let blocks = try Self.blocks(marked: "file")
        for (path, code) in blocks {
            let file = try String(contentsOfFile: Self.repository + path, encoding: .utf8)
            #expect(code == file.trimmingCharacters(in: .newlines), "block for \(path)")
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
            #expect(!excerpt.isEmpty && found, "excerpt of \(path): \(excerpt.first ?? "")…")
        }
        #expect(blocks.count >= 2)
    }

    /// The README's five-minute path shows the Hello app's sources and templates whole.
    @Test func theReadmeShowsTheHelloAppWhole() throws {
        let shown = Set(try Self.blocks(marked: "file", in: ["README.md"]).map(\.path))
        #expect(
            shown.isSuperset(of: [
                "Examples/Hello/Sources/HelloApp/HelloApp.swift", "Examples/Hello/Sources/hello-app/main.swift",
                "Examples/Hello/Templates/hello/ask.mustache", "Examples/Hello/Templates/hello/greeting.mustache",
            ])
        )
    }

    /// The README and every DocC article of the library's products.
    static func documents() throws -> [String] {
        let sources = Self.repository + "Sources"
        let articles = try FileManager.default.subpathsOfDirectory(atPath: sources).filter {
            $0.contains(".docc/") && $0.hasSuffix(".md")
        }
        return ["README.md"] + articles.sorted().map { "Sources/" + $0 }
    }

    /// The code blocks that follow a `<!-- kind: path -->` marker in `documents`, with their paths.
    static func blocks(marked kind: String, in documents: [String]? = nil) throws -> [(path: String, code: String)] {
        var blocks: [(path: String, code: String)] = []
        for document in try documents ?? Self.documents() {
            let text = try String(contentsOfFile: Self.repository + document, encoding: .utf8)
            try Self.collect(kind, from: text, into: &blocks)
        }
        return blocks
    }

    private static func collect(
        _ kind: String,
        from text: String,
        into blocks: inout [(path: String, code: String)]
    ) throws {
        var rest = text[...]
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
    }

    /// The lines of `text` without their leading and trailing spaces.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }
}
