public import Foundation
public import Testing

/// Compares a page (or part of one) with a recorded file: `directory/name`, with CSRF tokens and
/// submission ids masked (they are random). With `RECORD=1` in the environment it (re)writes the
/// file instead. Keep golden files in the source tree and name the folder from `#filePath`, so a
/// recorded file is used without rebuilding:
///
/// ```swift
/// let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
/// try expectGolden(excerpt(page.body, from: "<main", through: "</main>"), named: "list.html", in: golden)
/// ```
public func expectGolden(
    _ actual: String,
    named name: String,
    in directory: URL,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let file = directory.appendingPathComponent(name)
    let actual = maskingCSRFTokens(actual)
    if ProcessInfo.processInfo.environment["RECORD"] == "1" {
        try actual.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record(
            "Missing golden file \(file.path); run the tests with RECORD=1 to record it",
            sourceLocation: sourceLocation
        )
        return
    }
    if expected != actual {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        Issue.record(
            """
            \(file.lastPathComponent) differs at line \(first + 1) (RECORD=1 re-records):
            - \(first < expectedLines.count ? expectedLines[first] : "<end>")
            + \(first < actualLines.count ? actualLines[first] : "<end>")
            """,
            sourceLocation: sourceLocation
        )
    }
}

/// The part of `html` from the first line containing `start` through the first line after it
/// containing `end`.
public func excerpt(_ html: String, from start: String, through end: String) -> String {
    let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { $0.contains(start) }),
        let last = lines[first...].firstIndex(where: { $0.contains(end) })
    else { return "" }
    return lines[first...last].joined(separator: "\n") + "\n"
}

/// `actual` with every CSRF token (`name="_csrf" value="…"`) replaced by `CSRF` and every
/// submission id (`name="_submission" value="…"`) by `SUBMISSION`: both are random.
public func maskingCSRFTokens(_ html: String) -> String {
    var masked = html
    for (marker, mask) in [("name=\"_csrf\" value=\"", "CSRF"), ("name=\"_submission\" value=\"", "SUBMISSION")] {
        var result = ""
        var rest = masked[...]
        while let range = rest.range(of: marker) {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            if let end = rest.firstIndex(of: "\"") {
                result += mask
                rest = rest[end...]
            }
        }
        masked = result + rest
    }
    return masked
}
