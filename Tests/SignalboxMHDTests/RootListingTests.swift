import Foundation
import HTTPTypes
import Testing

@testable import SignalboxHTTP

/// The static root's top-level names: app paths skip the file system, files stay visible.
@Suite final class RootListingTests {
    let root: String

    init() throws {
        self.root = NSTemporaryDirectory() + "signalbox-root-listing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: self.root + "/css", withIntermediateDirectories: true)
        try "body {}".write(toFile: self.root + "/css/site.css", atomically: true, encoding: .utf8)
        try "hi".write(toFile: self.root + "/robots.txt", atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.root)
    }

    @Test func itNamesTheEntriesAtTheTopOfTheRoot() {
        let listing = RootListing(root: self.root)
        #expect(listing.contains("css"))
        #expect(listing.contains("robots.txt"))
        #expect(!listing.contains("authenticated"))
        #expect(!listing.contains("."))
        #expect(!listing.contains(".."))
    }

    @Test func aNewEntryIsSeenOnceTheListingIsOld() throws {
        let fresh = RootListing(root: self.root, maxAge: .zero)
        let cached = RootListing(root: self.root, maxAge: .seconds(3600))
        #expect(!fresh.contains("new.txt") && !cached.contains("new.txt"))
        try "new".write(toFile: self.root + "/new.txt", atomically: true, encoding: .utf8)
        #expect(fresh.contains("new.txt"))
        #expect(!cached.contains("new.txt"))  // read again only after maxAge
    }

    @Test func aPathOutsideTheListingIsNotAFileAndOneInsideIsLookedUp() {
        let files = StaticFiles(root: self.root, fallback: ClosureResponder { _ in Response(status: .notFound) })
        #expect(files.resolve(target: "/authenticated/todos", root: files.root!) == .notAFile)
        #expect(files.resolve(target: "/robots.txt", root: files.root!) == .file(files.root! + "/robots.txt"))
        #expect(files.resolve(target: "/css/site.css", root: files.root!) == .file(files.root! + "/css/site.css"))
        #expect(files.resolve(target: "/css/missing.css", root: files.root!) == .notAFile)
        // Refusals still come first.
        #expect(files.resolve(target: "/nothing/../robots.txt", root: files.root!) != .notAFile)
    }
}

@Suite struct ASCIISearchTests {
    @Test(arguments: [
        ("/todos/a%2Fb", "%2F", true),
        ("/todos/a%2fb", "%2F", false),
        ("%2F", "%2F", true),
        ("/x%2", "%2F", false),
        ("", "%2F", false),
        ("/%%00", "%00", true),
        ("/é%00ü", "%00", true),
        ("/é%0ü0", "%00", false),
        ("/a", "", true),
    ])
    func findsAnASCIINeedleByteForByte(haystack: String, needle: String, found: Bool) {
        // StaticString needles, as the callers write them.
        let result: Bool =
            switch needle {
            case "%2F": haystack.containsASCII("%2F")
            case "%00": haystack.containsASCII("%00")
            default: haystack.containsASCII("")
            }
        #expect(result == found)
        #expect(result == (needle.isEmpty || haystack.contains(needle)))
    }
}
