import Testing

@testable import SignalboxHTTP

/// A body and what parsing it must give.
struct ParserCase: Sendable, CustomTestStringConvertible {
    var name: String
    var boundary = "XYZ"
    var body: [UInt8]
    var limits = MultipartParser.Limits()
    var expected: ParseOutcome

    var testDescription: String {
        self.name
    }
}

private func field(_ name: String, _ value: String) -> ParsedPart {
    ParsedPart(MultipartPartHead(name: name), value)
}

private let allBytes = (0...255).map { UInt8($0) }

private let parserCases: [ParserCase] = [
    ParserCase(
        name: "simple fields",
        body: crlf(
            "--XYZ",
            "Content-Disposition: form-data; name=\"a\"",
            "",
            "1",
            "--XYZ",
            "Content-Disposition: form-data; name=\"b\"",
            "",
            "two words",
            "--XYZ--",
            ""
        ),
        expected: .parts([field("a", "1"), field("b", "two words")])
    ),
    ParserCase(
        name: "file part",
        body: crlf(
            "--XYZ",
            "Content-Disposition: form-data; name=\"upload\"; filename=\"hello.txt\"",
            "Content-Type: text/plain",
            "",
            "Hello",
            "World",
            "",
            "--XYZ--"
        ),
        expected: .parts([
            ParsedPart(
                MultipartPartHead(name: "upload", filename: "hello.txt", contentType: "text/plain"),
                "Hello\r\nWorld\r\n"
            )
        ])
    ),
    ParserCase(
        name: "case-insensitive names, unquoted tokens, other headers",
        body: crlf(
            "--XYZ",
            "content-DISPOSITION:Form-Data;NAME=field1 ; FileName=report.pdf",
            "X-Other: ignored",
            "CONTENT-TYPE:  application/pdf  ",
            "",
            "%PDF",
            "--XYZ--"
        ),
        expected: .parts([
            ParsedPart(
                MultipartPartHead(name: "field1", filename: "report.pdf", contentType: "application/pdf"),
                "%PDF"
            )
        ])
    ),
    ParserCase(
        name: "quoted and escaped parameters",
        body: crlf(
            "--XYZ",
            #"Content-Disposition: form-data; name="a\"b\\c; d=e"; filename="C:\evil\x.exe""#,
            "",
            "",
            "--XYZ--"
        ),
        expected: .parts([ParsedPart(MultipartPartHead(name: #"a"b\c; d=e"#, filename: #"C:\evil\x.exe"#), "")])
    ),
    ParserCase(
        name: "filename* preferred over filename",
        body: crlf(
            "--XYZ",
            #"Content-Disposition: form-data; name="f"; filename="old.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt"#,
            "",
            "x",
            "--XYZ",
            #"Content-Disposition: form-data; filename*=utf-8'en'na%C3%AFve.txt; name="g"; filename="b.txt""#,
            "",
            "y",
            "--XYZ--"
        ),
        expected: .parts([
            ParsedPart(MultipartPartHead(name: "f", filename: "€ rates.txt"), "x"),
            ParsedPart(MultipartPartHead(name: "g", filename: "naïve.txt"), "y"),
        ])
    ),
    ParserCase(
        name: "preamble and epilogue",
        body: crlf(
            "This is the preamble. --XYZ is not a delimiter here,",
            "--XY neither,",
            "--XYZ",
            "Content-Disposition: form-data; name=\"a\"",
            "",
            "value",
            "--XYZ--",
            "This is the epilogue.",
            "--XYZ",
            "Content-Disposition: form-data; name=\"ignored\"",
            ""
        ),
        expected: .parts([field("a", "value")])
    ),
    ParserCase(
        name: "CRLF and delimiter prefixes inside file content",
        body: crlf(
            "--XYZ",
            "Content-Disposition: form-data; name=\"f\"; filename=\"a.bin\"",
            "",
            "",
            "line",
            "",
            "-",
            "--",
            "--X",
            "--XY",
            "--xyz",
            "\r--XYZ",
            "--XYZ--"
        ),
        expected: .parts([
            ParsedPart(
                MultipartPartHead(name: "f", filename: "a.bin"),
                "\r\nline\r\n\r\n-\r\n--\r\n--X\r\n--XY\r\n--xyz\r\n\r--XYZ"
            )
        ])
    ),
    ParserCase(
        name: "boundary without CRLF before it is content",
        body: crlf(
            "--XYZ",
            "Content-Disposition: form-data; name=\"a\"",
            "",
            "--XYZ at the start, x--XYZ-- inside, \n--XYZ after a bare LF",
            "--XYZ--"
        ),
        expected: .parts([field("a", "--XYZ at the start, x--XYZ-- inside, \n--XYZ after a bare LF")])
    ),
    ParserCase(
        name: "binary content",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=\"b\"; filename=\"b\"", "", "")
            + allBytes + Array("\r\n--XY".utf8) + allBytes + crlf("", "--XYZ--"),
        expected: .parts([
            ParsedPart(MultipartPartHead(name: "b", filename: "b"), allBytes + Array("\r\n--XY".utf8) + allBytes)
        ])
    ),
    ParserCase(
        name: "empty values, empty filename, transport padding",
        body: crlf(
            "--XYZ \t",
            "Content-Disposition: form-data; name=\"\"",
            "",
            "",
            "--XYZ\t",
            "Content-Disposition: form-data; name=\"file\"; filename=\"\"",
            "Content-Type: application/octet-stream",
            "",
            "",
            "--XYZ--  "
        ),
        expected: .parts([
            field("", ""),
            ParsedPart(MultipartPartHead(name: "file", filename: "", contentType: "application/octet-stream"), ""),
        ])
    ),
    ParserCase(name: "no parts", body: crlf("--XYZ--"), expected: .parts([])),
    ParserCase(
        name: "self-overlapping delimiter",
        boundary: "ab\r\n--ab",
        body: crlf(
            "--ab",
            "--ab",
            "Content-Disposition: form-data; name=\"a\"",
            "",
            "",
            "--ab",
            "--ax",
            "--ab",
            "--ab--"
        ),
        expected: .parts([field("a", "\r\n--ab\r\n--ax")])
    ),
    ParserCase(
        name: "truncated in a part",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=\"a\"", "", "value", "--XYZ"),
        expected: .failure(.truncated)
    ),
    ParserCase(
        name: "truncated in headers",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=\"a\""),
        expected: .failure(.truncated)
    ),
    ParserCase(name: "preamble only", body: crlf("no delimiter", "here"), expected: .failure(.truncated)),
    ParserCase(name: "empty body", body: [], expected: .failure(.truncated)),
    ParserCase(
        name: "missing name",
        body: crlf("--XYZ", "Content-Disposition: form-data; filename=\"a.txt\"", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part has no name"))
    ),
    ParserCase(
        name: "missing Content-Disposition",
        body: crlf("--XYZ", "Content-Type: text/plain", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part has no Content-Disposition header"))
    ),
    ParserCase(
        name: "Content-Disposition not form-data",
        body: crlf("--XYZ", "Content-Disposition: attachment; name=\"a\"", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part's Content-Disposition is not form-data"))
    ),
    ParserCase(
        name: "duplicate parameter",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=\"a\"; name=\"b\"", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part's Content-Disposition header cannot be parsed"))
    ),
    ParserCase(
        name: "unterminated quoted string",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=\"a", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part's Content-Disposition header cannot be parsed"))
    ),
    ParserCase(
        name: "bad filename*",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=a; filename*=ISO-8859-1''%A3", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part's filename* parameter is not valid UTF-8 percent-encoded text"))
    ),
    ParserCase(
        name: "header block too large",
        body: crlf(
            "--XYZ",
            "Content-Disposition: form-data; name=\"a\"",
            "X-Padding: " + String(repeating: "p", count: 100),
            "",
            "",
            "--XYZ--"
        ),
        limits: MultipartParser.Limits(maxHeaderBytes: 100),
        expected: .failure(.headerTooLarge(limit: 100))
    ),
    ParserCase(
        name: "header block at the size limit",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=a", "X-P: 12345678", "", "v", "--XYZ--"),
        // 40 + 15 + 2 bytes.
        limits: MultipartParser.Limits(maxHeaderBytes: 57),
        expected: .parts([field("a", "v")])
    ),
    ParserCase(
        name: "header block one byte over the size limit",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=a", "X-P: 12345678", "", "v", "--XYZ--"),
        limits: MultipartParser.Limits(maxHeaderBytes: 56),
        expected: .failure(.headerTooLarge(limit: 56))
    ),
    ParserCase(
        name: "too many header lines",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=a", "X-1: 1", "X-2: 2", "", "", "--XYZ--"),
        limits: MultipartParser.Limits(maxHeaderLines: 2),
        expected: .failure(.tooManyHeaderLines(limit: 2))
    ),
    ParserCase(
        name: "folded header",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=a", "X-Long: a", "\tcontinued", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part header uses obsolete line folding"))
    ),
    ParserCase(
        name: "non-UTF-8 header",
        body: crlf("--XYZ") + Array("\r\nContent-Disposition: form-data; name=\"".utf8) + [0xFF, 0xFE]
            + crlf("\"", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part header is not valid UTF-8"))
    ),
    ParserCase(
        name: "control character in a header",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=\"a\u{0}b\"", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part header contains a control character"))
    ),
    ParserCase(
        name: "header line without colon",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=a", "Nonsense", "", "", "--XYZ--"),
        expected: .failure(.malformed("a part header line has no colon"))
    ),
    ParserCase(
        name: "header line ending in bare LF",
        body: crlf("--XYZ") + Array("\r\nContent-Disposition: form-data; name=a\n\r\n\r\n--XYZ--".utf8),
        expected: .failure(.malformed("a part header line ends in a bare LF"))
    ),
    ParserCase(
        name: "characters after a delimiter",
        body: crlf("--XYZ", "Content-Disposition: form-data; name=a", "", "v", "--XYZ-x"),
        expected: .failure(.malformed("a boundary delimiter is followed by a single \"-\""))
    ),
    ParserCase(
        name: "boundary is a prefix of a longer one",
        body: crlf("--XYZW", "Content-Disposition: form-data; name=a", "", "v", "--XYZ--"),
        expected: .failure(.malformed("a boundary delimiter is followed by other characters"))
    ),
    ParserCase(
        name: "delimiter line ending in bare CR",
        body: crlf("--XYZ") + Array("\rContent-Disposition: form-data; name=a\r\n\r\n\r\n--XYZ--".utf8),
        expected: .failure(.malformed("a boundary delimiter line does not end in CRLF"))
    ),
]

/// Chunk ends that split a body of `count` bytes into pieces of `size` bytes.
private func evenSplits(_ count: Int, size: Int) -> [Int] {
    Array(stride(from: size, to: count, by: size))
}

@Suite("MultipartParser")
struct MultipartParserTests {
    @Test("parses each body the same however it is split", arguments: parserCases)
    func parsesIdenticallyInAnyChunks(_ testCase: ParserCase) {
        let body = testCase.body
        let whole = parse(body, boundary: testCase.boundary, limits: testCase.limits, chunkEnds: [])
        #expect(whole == testCase.expected)
        let bytewise = parse(
            body,
            boundary: testCase.boundary,
            limits: testCase.limits,
            chunkEnds: evenSplits(body.count, size: 1)
        )
        #expect(bytewise == testCase.expected, "fed in 1-byte chunks")
        for size in [2, 3, 5, 7, 64] {
            let outcome = parse(
                body,
                boundary: testCase.boundary,
                limits: testCase.limits,
                chunkEnds: evenSplits(body.count, size: size)
            )
            #expect(outcome == testCase.expected, "fed in \(size)-byte chunks")
        }
        for split in 0...body.count {
            let outcome = parse(body, boundary: testCase.boundary, limits: testCase.limits, chunkEnds: [split])
            #expect(outcome == testCase.expected, "split at \(split)")
        }
    }

    @Test("split in three at every pair of positions")
    func splitsInThree() {
        // Every pair is quadratic in the length: the short bodies (the 1-byte and every-single-split
        // tests cover the rest) keep this one test from holding a thread for seconds.
        for testCase in parserCases where testCase.body.count <= 64 {
            let body = testCase.body
            for first in 0...body.count {
                for second in first...body.count {
                    let outcome = parse(
                        body,
                        boundary: testCase.boundary,
                        limits: testCase.limits,
                        chunkEnds: [first, second]
                    )
                    if outcome != testCase.expected {
                        Issue.record("\(testCase.name): split at \(first) and \(second) gave \(outcome)")
                        return
                    }
                }
            }
        }
    }

    @Test("reports content as early as possible and holds back at most a delimiter")
    func reportsContentEarly() throws {
        var parser = MultipartParser(boundary: "XYZ")
        func feed(_ text: String) throws -> [UInt8] {
            var content: [UInt8] = []
            try Array(text.utf8).span.withUnsafeBytes { (chunk) throws(MultipartError) in
                try parser.feed(chunk) { event in
                    if case .partBody(let bytes) = event {
                        content.append(contentsOf: bytes)
                    }
                }
            }
            return content
        }
        #expect(try feed("--XYZ\r\nContent-Disposition: form-data; name=a\r\n\r\nabc") == Array("abc".utf8))
        #expect(try feed("def\r\n--XY") == Array("def".utf8))
        #expect(try feed("Q") == Array("\r\n--XYQ".utf8))
        #expect(try feed("\r") == [])
        #expect(try feed("\r") == Array("\r".utf8))
        #expect(
            try feed(String(repeating: "z", count: 100_000))
                == Array(("\r" + String(repeating: "z", count: 100_000)).utf8)
        )
        #expect(try feed("\r\n--XYZ--\r\n") == [])
        try parser.finish()
    }

    @Test("a handler's error is passed on, and the parser stays stopped")
    func handlerErrorsPropagate() throws {
        struct Stop: Error, Equatable {}
        var parser = MultipartParser(boundary: "XYZ")
        let body = crlf("--XYZ", "Content-Disposition: form-data; name=a", "", "v", "--XYZ--")
        #expect(throws: Stop()) {
            try body.span.withUnsafeBytes { (chunk) throws(Stop) in
                try parser.feed(chunk, mapError: { _ in Stop() }) { (event) throws(Stop) in
                    if case .partHead = event {
                        throw Stop()
                    }
                }
            }
        }
        #expect(throws: MultipartError.aborted) {
            try body.span.withUnsafeBytes { (chunk) throws(MultipartError) in
                try parser.feed(chunk) { _ in }
            }
        }
        #expect(throws: MultipartError.aborted) { try parser.finish() }
    }

    @Test("after an error, every call throws it again")
    func errorsAreSticky() throws {
        var parser = MultipartParser(boundary: "XYZ")
        let bad = crlf("--XYZ", "Content-Type: text/plain", "", "")
        let good = crlf("--XYZ--")
        for bytes in [bad, good] {
            #expect(throws: MultipartError.malformed("a part has no Content-Disposition header")) {
                try bytes.span.withUnsafeBytes { (chunk) throws(MultipartError) in
                    try parser.feed(chunk) { _ in }
                }
            }
        }
        #expect(throws: MultipartError.malformed("a part has no Content-Disposition header")) { try parser.finish() }
    }

    @Test("an empty boundary is refused")
    func emptyBoundary() {
        let outcome = parse(
            crlf("--", "Content-Disposition: form-data; name=a", "", "", "----"),
            boundary: "",
            chunkEnds: []
        )
        #expect(outcome == .failure(.malformed("the boundary is empty")))
    }

    @Test(
        "error descriptions",
        arguments: [
            (MultipartError.malformed("a part has no name"), "Malformed multipart body: a part has no name"),
            (.headerTooLarge(limit: 8192), "A multipart part has a header block larger than 8192 bytes"),
            (.tooManyHeaderLines(limit: 16), "A multipart part has more than 16 header lines"),
            (.truncated, "The multipart body ended before its closing boundary"),
        ]
    )
    func descriptions(_ error: MultipartError, _ text: String) {
        #expect(error.description == text)
    }
}
