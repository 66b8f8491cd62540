import Signalbox
import Testing

@Suite struct PathCodecTests {
    static let hostileInputs: [String] = [
        "plain", "with space", "a/b", "a?b", "a#b", "100%", "%2F", "~", "~tilde", ".", "..", "...", "", " ",
        "ünïcödé", "日本語", "emoji 🎉", "a+b", "a&b=c", "<script>alert(1)</script>", "\"quoted\"", "back\\slash",
        "line\nbreak", "tab\t", "null\u{0}byte", "/", "//", "?", "#", "%", "%%", "%zz",
    ]

    @Test(arguments: hostileInputs)
    func inputsRoundTripThroughOneSegment(_ input: String) throws {
        let encoded = PathCodec.encodeInput(input)
        #expect(!encoded.contains("/"))
        #expect(!encoded.contains("?"))
        #expect(!encoded.contains("#"))
        #expect(encoded != "." && encoded != ".." && !encoded.isEmpty)
        #expect(try PathCodec.decodeInput(encoded[...]) == input)
    }

    @Test(arguments: [
        ("%41%62c", "Abc"), ("%2f", "/"), ("~..", ".."), ("~", ""), ("a%20b", "a b"), ("%C3%A9", "é"),
    ])
    func decodingAcceptsAnyValidEscape(_ segment: String, _ expected: String) throws {
        #expect(try PathCodec.decodeInput(segment[...]) == expected)
    }

    @Test(arguments: ["%", "%4", "%zz", "a%g0", "%C3", "%FF%FE"])
    func malformedEscapesAreRejectedWithAReason(_ segment: String) {
        #expect(throws: InputDecodingError.self) { try PathCodec.decodeInput(segment[...]) }
    }

    @Test(arguments: [
        ("/", [String]()), ("/a", ["a"]), ("/a/b", ["a", "b"]), ("/a//b", ["a", "", "b"]), ("/a/", ["a", ""]),
    ])
    func pathsSplitIntoRawSegments(_ path: String, _ segments: [String]) throws {
        #expect(try PathCodec.split(path).map(String.init) == segments)
    }

    @Test(arguments: ["", "a/b", "relative"])
    func pathsWithoutLeadingSlashAreMalformed(_ path: String) {
        #expect {
            try PathCodec.split(path)
        } throws: { error in
            guard case .malformedPath = error as? NavigationError else { return false }
            return true
        }
    }

    @Test func joinIsTheInverseOfSplit() async throws {
        for path in ["/", "/a", "/a/b/~/c", "/x/%2F/~"] {
            #expect(PathCodec.join(try PathCodec.split(path).map(String.init)) == path)
        }
    }

    @Test(arguments: [("42", 42), ("-7", -7), ("0", 0)])
    func intInputsParse(_ text: String, _ value: Int) throws {
        #expect(try Int(pathSegment: text) == value)
    }

    @Test(arguments: ["", "abc", "1.5", "9999999999999999999999", " 1"])
    func badIntInputsExplainWhy(_ text: String) {
        #expect {
            try Int(pathSegment: text)
        } throws: { error in
            (error as? InputDecodingError)?.reason.contains("expected an integer") == true
        }
    }
}
