import Foundation
import Testing

@testable import SignalboxHTTP

/// A body that breaks a limit, after a file was already made.
struct LimitCase: Sendable, CustomTestStringConvertible {
    enum Step: Sendable {
        case append
        case finish
    }

    var name: String
    var limits: MultipartSpooler.Limits
    var body: [UInt8]
    var error: MultipartSpoolError
    var failsIn = Step.append

    var testDescription: String {
        self.name
    }
}

private let firstFile = filePart(filename: "first.txt", Array("first file".utf8))

private let limitCases: [LimitCase] = [
    LimitCase(
        name: "file too large",
        limits: MultipartSpooler.Limits(maxFileBytes: 10),
        body: firstFile + filePart(filename: "b.txt", Array("01234567890".utf8)) + closing,
        error: .fileTooLarge(limit: 10)
    ),
    LimitCase(
        name: "body too large",
        limits: MultipartSpooler.Limits(maxBytes: 300),
        body: firstFile + filePart(filename: "b.txt", [UInt8](repeating: 0x41, count: 300)) + closing,
        error: .bodyTooLarge(limit: 300)
    ),
    LimitCase(
        name: "too many files",
        limits: MultipartSpooler.Limits(maxFiles: 1),
        body: firstFile + filePart(filename: "b.txt", Array("b".utf8)) + closing,
        error: .tooManyFiles(limit: 1)
    ),
    LimitCase(
        name: "too many fields",
        limits: MultipartSpooler.Limits(maxFields: 2),
        body: firstFile + fieldPart("a", []) + fieldPart("b", []) + fieldPart("c", []) + closing,
        error: .tooManyFields(limit: 2)
    ),
    LimitCase(
        name: "field too large",
        limits: MultipartSpooler.Limits(maxFieldBytes: 4),
        body: firstFile + fieldPart("a", Array("12345".utf8)) + closing,
        error: .fieldTooLarge(limit: 4)
    ),
    LimitCase(
        name: "field not UTF-8",
        limits: MultipartSpooler.Limits(),
        body: firstFile + fieldPart("a", [0x61, 0xC3, 0x28]) + closing,
        error: .invalidField("the field \"a\" is not valid UTF-8")
    ),
    LimitCase(
        name: "field with NUL",
        limits: MultipartSpooler.Limits(),
        body: firstFile + fieldPart("a", [0x61, 0x00, 0x62]) + closing,
        error: .invalidField("the field \"a\" contains a NUL byte")
    ),
    LimitCase(
        name: "part without name",
        limits: MultipartSpooler.Limits(),
        body: firstFile + crlf("--XYZ", "Content-Disposition: form-data", "", "", "") + closing,
        error: .malformed(.malformed("a part has no name"))
    ),
    LimitCase(
        name: "header block too large",
        limits: MultipartSpooler.Limits(parser: MultipartParser.Limits(maxHeaderBytes: 100)),
        body: firstFile
            + crlf(
                "--XYZ",
                "Content-Disposition: form-data; name=a; x=" + String(repeating: "x", count: 100),
                "",
                "",
                ""
            )
            + closing,
        error: .malformed(.headerTooLarge(limit: 100))
    ),
    LimitCase(
        name: "truncated body",
        limits: MultipartSpooler.Limits(),
        body: firstFile + fileHead("filename=\"b.txt\"") + Array("never ends".utf8),
        error: .malformed(.truncated),
        failsIn: .finish
    ),
]

@Suite("MultipartSpooler limits")
struct MultipartSpoolerLimitTests {
    @Test("each limit is refused with its error, leaving no files", arguments: limitCases, [1, 5, Int.max])
    func refusesAndCleansUp(_ testCase: LimitCase, chunkSize: Int) throws {
        try withTemporaryDirectory { (directory) throws in
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory, limits: testCase.limits)
            // The first file is made before the limit is broken.
            try spooler.append(firstFile + Array("-".utf8), chunkSize: chunkSize)
            #expect(try entries(of: directory).count == 1)
            switch testCase.failsIn {
            case .append:
                #expect(throws: testCase.error) {
                    try spooler.append(Array(testCase.body[(firstFile.count + 1)...]), chunkSize: chunkSize)
                }
            case .finish:
                try spooler.append(Array(testCase.body[(firstFile.count + 1)...]), chunkSize: chunkSize)
                #expect(throws: testCase.error) { try spooler.finish() }
            }
            #expect(try entries(of: directory) == [])
            #expect(throws: testCase.error) { try spooler.append(closing) }
            #expect(throws: testCase.error) { try spooler.finish() }
            spooler.discard()
            #expect(throws: testCase.error) { try spooler.finish() }
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("values exactly at each limit are accepted")
    func acceptsValuesAtLimits() throws {
        try withTemporaryDirectory { (directory) throws in
            let body =
                filePart(filename: "a.txt", Array("0123456789".utf8))
                + filePart(filename: "b.txt", [])
                + filePart(filename: "", [])
                + fieldPart("x", Array("12345".utf8))
                + fieldPart("y", [])
                + closing
            let limits = MultipartSpooler.Limits(
                maxFileBytes: 10,
                maxBytes: body.count,
                maxFiles: 2,
                maxFields: 2,
                maxFieldBytes: 5
            )
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory, limits: limits)
            try spooler.append(body, chunkSize: 1)
            let form = try spooler.finish()
            #expect(form.files.map(\.file.size) == [10, 0])
            #expect(form.fields.map(\.value) == ["12345", ""])
            spooler.discard()
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("a file is refused at its limit plus one byte, not at its end")
    func fileLimitAsBytesArrive() throws {
        try withTemporaryDirectory { (directory) throws in
            let limits = MultipartSpooler.Limits(maxFileBytes: 1000)
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory, limits: limits)
            try spooler.append(fileHead("filename=\"endless.bin\""))
            var accepted = 0
            do throws(MultipartSpoolError) {
                while accepted < 1_000_000 {
                    try spooler.append(Array("x".utf8))
                    accepted += 1
                }
            } catch {
                #expect(error == .fileTooLarge(limit: 1000))
            }
            #expect(accepted == 1000)
            #expect(try entries(of: directory) == [])
        }
    }

    @Test("a field is refused at its limit plus one byte")
    func fieldLimitAsBytesArrive() throws {
        try withTemporaryDirectory { (directory) throws in
            let limits = MultipartSpooler.Limits(maxFieldBytes: 100)
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory, limits: limits)
            try spooler.append(crlf("--XYZ", "Content-Disposition: form-data; name=\"text\"", "", ""))
            var accepted = 0
            do throws(MultipartSpoolError) {
                while accepted < 1_000_000 {
                    try spooler.append(Array("x".utf8))
                    accepted += 1
                }
            } catch {
                #expect(error == .fieldTooLarge(limit: 100))
            }
            #expect(accepted == 100)
        }
    }

    @Test("the body is refused with the chunk that goes over the limit")
    func bodyLimitAsBytesArrive() throws {
        try withTemporaryDirectory { (directory) throws in
            let limits = MultipartSpooler.Limits(maxBytes: 10_000)
            var spooler = MultipartSpooler(boundary: "XYZ", directory: directory, limits: limits)
            var chunks = 0
            do throws(MultipartSpoolError) {
                while chunks < 1000 {
                    try spooler.append([UInt8](repeating: 0x2E, count: 1024))
                    chunks += 1
                }
            } catch {
                #expect(error == .bodyTooLarge(limit: 10_000))
            }
            #expect(chunks == 9)
        }
    }

    @Test(
        "error descriptions name the limit in human terms",
        arguments: [
            (
                MultipartSpoolError.fileTooLarge(limit: 10 * 1024 * 1024),
                "A file is larger than 10 MiB (10485760 bytes)"
            ),
            (.bodyTooLarge(limit: 50 * 1024 * 1024), "The form data is larger than 50 MiB (52428800 bytes)"),
            (.fieldTooLarge(limit: 32 * 1024), "A form field is larger than 32 KiB (32768 bytes)"),
            (.fieldTooLarge(limit: 1000), "A form field is larger than 1000 bytes"),
            (.tooManyFiles(limit: 10), "The form has more than 10 files"),
            (.tooManyFiles(limit: 1), "The form has more than 1 file"),
            (.tooManyFields(limit: 100), "The form has more than 100 fields"),
            (
                .invalidField("the field \"a\" contains a NUL byte"),
                "Invalid form field: the field \"a\" contains a NUL byte"
            ),
            (.malformed(.truncated), "The multipart body ended before its closing boundary"),
            (.io("disk full"), "Could not store an uploaded file: disk full"),
        ]
    )
    func descriptions(_ error: MultipartSpoolError, _ text: String) {
        #expect(error.description == text)
    }
}
