import Foundation
import Testing

@testable import SignalboxHTTP

/// Listing a folder: every name, whatever its length, read in place from `readdir`'s buffer.
@Suite final class FileSystemEntriesTests {
    let folder: String

    init() throws {
        self.folder = NSTemporaryDirectory() + "signalbox-entries-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: self.folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.folder)
    }

    @Test func everyNameOfEveryLengthIsListedOnce() throws {
        // Names of 1 to 255 bytes (the longest a name may be), twice over, with multi-byte UTF-8:
        // 510 entries of every record length fill several of readdir's buffers, so some entry
        // ends each buffer (where copying a whole `dirent` read past its end).
        var expected: Set<String> = []
        for length in 1...255 {
            for letter in ["a", "é"] {
                let name = String(repeating: letter, count: letter == "a" ? length : length / 2).prefix(255)
                guard !name.isEmpty else { continue }
                let file = String(name)
                try #require(FileManager.default.createFile(atPath: self.folder + "/" + file, contents: nil))
                expected.insert(file)
            }
        }
        #expect(FileSystem.entries(of: self.folder) == expected)
    }

    @Test func aMissingFolderIsNil() {
        #expect(FileSystem.entries(of: self.folder + "/missing") == nil)
    }
}
