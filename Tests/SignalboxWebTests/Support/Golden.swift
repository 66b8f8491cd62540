import Foundation
import SignalboxTesting
import Testing

/// Compares `actual` with `Golden/<name>` (`RECORD=1` re-records; see SignalboxTesting's
/// `expectGolden(_:named:in:sourceLocation:)`).
func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try SignalboxTesting.expectGolden(actual, named: name, in: goldenDirectory, sourceLocation: sourceLocation)
}

/// `Tests/SignalboxWebTests/Golden`, found from this file's place in the source tree.
private let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")
