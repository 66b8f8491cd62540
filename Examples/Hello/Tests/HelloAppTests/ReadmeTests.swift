import Foundation
import Testing

/// The README shows files of this repository (marked `<!-- file: path -->` before a code block);
/// each block must be that file exactly, so the README's code is the code the tests compile.
@Suite struct ReadmeTests {
    static let repository = String(#filePath).replacing(
        "Examples/Hello/Tests/HelloAppTests/ReadmeTests.swift",
        with: ""
    )

    @Test func everyFileTheReadmeShowsIsShownExactly() throws {
        let readme = try String(contentsOfFile: Self.repository + "README.md", encoding: .utf8)
        var shown = 0
        var rest = readme[...]
        while let marker = rest.firstRange(of: "<!-- file: ") {
            let afterMarker = rest[marker.upperBound...]
            let close = try #require(afterMarker.firstRange(of: " -->"))
            let path = String(afterMarker[..<close.lowerBound])
            let fence = try #require(afterMarker[close.upperBound...].firstRange(of: "```"))
            let codeStart = try #require(afterMarker[fence.upperBound...].firstIndex(of: "\n"))
            let code = afterMarker[afterMarker.index(after: codeStart)...]
            let end = try #require(code.firstRange(of: "\n```"))
            let file = try String(contentsOfFile: Self.repository + path, encoding: .utf8)
            #expect(
                String(code[..<end.lowerBound]) == file.trimmingCharacters(in: .newlines),
                "README block for \(path)"
            )
            shown += 1
            rest = code[end.upperBound...]
        }
        #expect(shown >= 6)
    }
}
