import Foundation
import Testing

@testable import SignalboxHTTP

/// The bytes of `lines` joined with CRLF.
func crlf(_ lines: String...) -> [UInt8] {
    crlf(lines)
}

/// The bytes of `lines` joined with CRLF.
func crlf(_ lines: [String]) -> [UInt8] {
    Array(lines.joined(separator: "\r\n").utf8)
}

/// One part as a parser reported it, with its content gathered.
struct ParsedPart: Equatable, Sendable, CustomStringConvertible {
    var head: MultipartPartHead
    var body: [UInt8]

    init(_ head: MultipartPartHead, _ body: [UInt8]) {
        self.head = head
        self.body = body
    }

    init(_ head: MultipartPartHead, _ body: String) {
        self.init(head, Array(body.utf8))
    }

    var description: String {
        "\(self.head) \(String(decoding: self.body, as: UTF8.self).debugDescription)"
    }
}

/// What parsing a whole body gave.
enum ParseOutcome: Equatable, Sendable {
    case parts([ParsedPart])
    case failure(MultipartError)
}

/// Gathers events and checks that they come in a valid order.
struct EventRecorder {
    private(set) var parts: [ParsedPart] = []
    private(set) var ended = false
    private var inPart = false

    mutating func record(_ event: MultipartEvent) {
        #expect(!self.ended, "event after the end")
        switch event {
        case .partHead(let head):
            #expect(!self.inPart, "part head inside a part")
            self.inPart = true
            self.parts.append(ParsedPart(head, []))
        case .partBody(let bytes):
            #expect(self.inPart, "part body outside a part")
            #expect(!bytes.isEmpty, "empty part body event")
            self.parts[self.parts.count - 1].body.append(contentsOf: bytes)
        case .partEnd:
            #expect(self.inPart, "part end outside a part")
            self.inPart = false
        case .end:
            #expect(!self.inPart, "end inside a part")
            self.ended = true
        }
    }
}

/// Parses `body` fed in chunks that end at `chunkEnds` (ascending, inside the body) and at the body's end.
func parse(
    _ body: [UInt8],
    boundary: String,
    limits: MultipartParser.Limits = MultipartParser.Limits(),
    chunkEnds: [Int]
) -> ParseOutcome {
    var parser = MultipartParser(boundary: boundary, limits: limits)
    var recorder = EventRecorder()
    var start = 0
    do throws(MultipartError) {
        for end in chunkEnds + [body.count] {
            try body[start..<end].span.withUnsafeBytes { (chunk) throws(MultipartError) in
                try parser.feed(chunk) { recorder.record($0) }
            }
            start = end
        }
        try parser.finish()
    } catch {
        #expect(!recorder.ended, "error after the end")
        return .failure(error)
    }
    #expect(recorder.ended, "no end event")
    return .parts(recorder.parts)
}

extension MultipartSpooler {
    /// Appends `bytes` in chunks of at most `chunkSize` bytes.
    mutating func append(_ bytes: [UInt8], chunkSize: Int = .max) throws(MultipartSpoolError) {
        var start = 0
        while start < bytes.count {
            let end = start + min(chunkSize, bytes.count - start)
            try bytes[start..<end].span.withUnsafeBytes { (chunk) throws(MultipartSpoolError) in
                try self.append(chunk)
            }
            start = end
        }
    }
}

/// A new empty directory, removed when `body` returns.
func withTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
}

/// The names of the entries of `directory`, sorted.
func entries(of directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
}

/// The contents of the file at `path`.
func contents(of path: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Deterministic pseudo-random bytes (xorshift), with plenty of CRs and LFs.
func pseudoRandomBytes(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed | 1
    var bytes = [UInt8](repeating: 0, count: count)
    for index in 0..<count {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        bytes[index] = UInt8(truncatingIfNeeded: state)
    }
    return bytes
}
