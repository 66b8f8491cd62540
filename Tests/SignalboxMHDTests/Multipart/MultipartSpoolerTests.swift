import Foundation
import Testing

@testable import SignalboxHTTP

/// The start of a file part.
func fileHead(name: String = "f", _ filenameParameter: String, contentType: String? = nil) -> [UInt8] {
    var lines = ["--XYZ", "Content-Disposition: form-data; name=\"\(name)\"; \(filenameParameter)"]
    if let contentType {
        lines.append("Content-Type: \(contentType)")
    }
    return crlf(lines + ["", ""])
}

/// A whole text field part, with the CRLF that starts the next delimiter.
func fieldPart(_ name: String, _ value: [UInt8]) -> [UInt8] {
    crlf("--XYZ", "Content-Disposition: form-data; name=\"\(name)\"", "", "") + value + crlf("", "")
}

/// A whole file part, with the CRLF that starts the next delimiter.
func filePart(name: String = "f", filename: String, contentType: String? = nil, _ content: [UInt8]) -> [UInt8] {
    fileHead(name: name, "filename=\"\(filename)\"", contentType: contentType) + content + crlf("", "")
}

let closing = Array("--XYZ--\r\n".utf8)

/// Whether `path` names a spooled file in `directory`: 32 lowercase hex digits and `.upload`.
func isSpoolPath(_ path: String, in directory: String) -> Bool {
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent
    return url.deletingLastPathComponent().standardizedFileURL.path
        == URL(fileURLWithPath: directory).standardizedFileURL.path
        && name.hasSuffix(".upload") && name.count == 39
        && name.prefix(32).allSatisfy { "0123456789abcdef".contains($0) }
}

func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
}

@Suite("MultipartSpooler")
struct MultipartSpoolerTests {
    static let binary = (0..<1024).map { UInt8(truncatingIfNeeded: $0 * 7) } + Array("\r\n--XY\r\n".utf8)

    static let mixedBody =
        fieldPart("title", Array("Hello, world".utf8))
        + filePart(name: "upload", filename: "hello.txt", contentType: "text/plain", Array("Hello\r\n--XY-Z\r\n".utf8))
        + fieldPart("note", Array("ünïcödé\r\nline 2".utf8))
        + filePart(name: "data", filename: "data.bin", binary)
        + closing

    @Test("fields and files come out right", arguments: [1, 7, 100, 4096, Int.max])
    func fieldsAndFiles(chunkSize: Int) throws {
        try withTemporaryDirectory { (directory) throws in
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory)
            try spooler.append(Self.mixedBody, chunkSize: chunkSize)
            let form = try spooler.finish()
            #expect(
                form.fields == [
                    MultipartForm.Field(name: "title", value: "Hello, world"),
                    MultipartForm.Field(name: "note", value: "ünïcödé\r\nline 2"),
                ]
            )
            #expect(form.value(ofField: "note") == "ünïcödé\r\nline 2")
            #expect(form.files.map(\.name) == ["upload", "data"])

            let upload = try #require(form.file(named: "upload"))
            #expect(upload.filename == "hello.txt")
            #expect(upload.contentType == "text/plain")
            #expect(upload.size == 15)
            #expect(try contents(of: upload.path) == Array("Hello\r\n--XY-Z\r\n".utf8))

            let data = try #require(form.file(named: "data"))
            #expect(data.filename == "data.bin")
            #expect(data.contentType == "application/octet-stream")
            #expect(data.size == Self.binary.count)
            #expect(try contents(of: data.path) == Self.binary)

            for file in form.files.map(\.file) {
                #expect(isSpoolPath(file.path, in: directory))
                #expect(try permissions(of: file.path) == 0o600)
            }
            #expect(try entries(of: directory).count == 2)
            try spooler.append(Array("ignored".utf8))
            #expect(try spooler.finish() == form)

            spooler.discard()
            #expect(try entries(of: directory) == [])
            spooler.discard()
            #expect(throws: MultipartSpoolError.discarded) { try spooler.finish() }
            #expect(throws: MultipartSpoolError.discarded) { try spooler.append(closing) }
        }
    }

    @Test(
        "client file names never reach the path and are made safe to display",
        arguments: [
            ("filename=\"../../etc/passwd\"", "passwd"),
            (#"filename="C:\evil\x.exe""#, "x.exe"),
            ("filename=\"a/b\\\\c.txt\"", "c.txt"),
            ("filename*=UTF-8''..%2F..%2Fa%00b%07c%1B%7F%C2%85%E2%80%AEtxt.exe", "abctxt.exe"),
            ("filename=\"..\"", ""),
            ("filename=\"dir/\"", ""),
            ("filename=\"" + String(repeating: "é", count: 200) + "\"", String(repeating: "é", count: 127)),
            ("filename=\"" + String(repeating: "a", count: 300) + "\"", String(repeating: "a", count: 255)),
        ]
    )
    func unsafeFilenames(_ parameter: String, _ displayName: String) throws {
        try withTemporaryDirectory { (directory) throws in
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory)
            try spooler.append(fileHead(parameter) + Array("content".utf8) + crlf("", "") + closing)
            let form = try spooler.finish()
            let file = try #require(form.files.first?.file)
            #expect(file.filename == displayName)
            #expect(file.filename.utf8.count <= 255)
            #expect(isSpoolPath(file.path, in: directory))
            #expect(try entries(of: directory) == [URL(fileURLWithPath: file.path).lastPathComponent])
            #expect(try contents(of: file.path) == Array("content".utf8))
            spooler.discard()
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("a file input sent without a file is skipped")
    func emptyFileInputIsSkipped() throws {
        try withTemporaryDirectory { (directory) throws in
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory)
            let body =
                fieldPart("a", Array("1".utf8))
                + filePart(filename: "", contentType: "application/octet-stream", [])
                + fieldPart("b", [])
                + closing
            try spooler.append(body, chunkSize: 3)
            let form = try spooler.finish()
            #expect(form.fields.map(\.name) == ["a", "b"])
            #expect(form.files == [])
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("a file with an empty name but content, and an empty file with a name, are kept")
    func emptyFilesAreKept() throws {
        try withTemporaryDirectory { (directory) throws in
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory)
            let body =
                filePart(name: "unnamed", filename: "", Array("data".utf8))
                + filePart(name: "empty", filename: "empty.txt", [])
                + closing
            try spooler.append(body, chunkSize: 1)
            let form = try spooler.finish()
            let unnamed = try #require(form.file(named: "unnamed"))
            #expect(unnamed.filename == "")
            #expect(unnamed.size == 4)
            #expect(try contents(of: unnamed.path) == Array("data".utf8))
            let empty = try #require(form.file(named: "empty"))
            #expect(empty.filename == "empty.txt")
            #expect(empty.size == 0)
            #expect(try contents(of: empty.path) == [])
            #expect(try entries(of: directory).count == 2)
            spooler.discard()
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("discard() removes a file being written and stops the spooler")
    func discardMidFile() throws {
        try withTemporaryDirectory { (directory) throws in
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory)
            try spooler.append(filePart(filename: "done.txt", Array("one".utf8)) + fileHead("filename=\"b.txt\""))
            try spooler.append(Array(repeating: UInt8(ascii: "x"), count: 100_000))
            #expect(try entries(of: directory).count == 2)
            spooler.discard()
            #expect(try entries(of: directory) == [])
            spooler.discard()
            #expect(throws: MultipartSpoolError.discarded) { try spooler.append(closing) }
            #expect(throws: MultipartSpoolError.discarded) { try spooler.finish() }
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("discard() before anything is fed is harmless")
    func discardAtOnce() throws {
        try withTemporaryDirectory { (directory) throws in
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory)
            spooler.discard()
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("a large file is streamed to disk, never held whole")
    func largeFileIsStreamed() throws {
        try withTemporaryDirectory { (directory) throws in
            let content = pseudoRandomBytes(count: 5 * 1024 * 1024 + 123, seed: 42)
            let body = fileHead("filename=\"big.bin\"") + content + crlf("", "") + closing
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory)
            let chunkSize = 64 * 1024
            var start = 0
            var largestBuffer = 0
            while start < body.count {
                let end = min(start + chunkSize, body.count)
                try spooler.append(Array(body[start..<end]))
                largestBuffer = max(largestBuffer, spooler.bufferedByteCount)
                #expect(spooler.bufferedByteCount <= MultipartSpooler.writeBufferCapacity)
                if start == 40 * chunkSize {
                    let path = try #require(try entries(of: directory).first.map { directory + "/" + $0 })
                    let written = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
                    #expect(written >= 40 * chunkSize - 2 * MultipartSpooler.writeBufferCapacity)
                }
                start = end
            }
            #expect(largestBuffer > 0)
            let form = try spooler.finish()
            let file = try #require(form.file(named: "f"))
            #expect(file.size == content.count)
            #expect(try contents(of: file.path) == content)
            spooler.discard()
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("a directory that cannot be written gives an I/O error")
    func ioError() throws {
        try withTemporaryDirectory { (directory) throws in
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory + "/missing")
            var thrown: MultipartSpoolError?
            do throws(MultipartSpoolError) {
                try spooler.append(filePart(filename: "a.txt", Array("a".utf8)) + closing)
            } catch {
                thrown = error
            }
            guard case .io(let message) = thrown else {
                Issue.record("expected an I/O error, got \(String(describing: thrown))")
                return
            }
            #expect(message.contains("No such file or directory"))
            #expect(try entries(of: directory) == [])
        }
    }
}
