import Foundation
import HTTPTypes
import SignalboxHTTP
@_spi(RawHTTP) import SignalboxTesting
import Synchronization
import Testing

@testable import SignalboxMHD

/// `multipart/form-data` bodies are written to temporary files as they arrive, within limits.
@Suite("HTTPServer uploads")
struct HTTPServerUploadTests {
    /// What the responder saw: the form, each file's bytes, and whether the body was left empty.
    final class Seen: Sendable {
        let forms = Mutex<[(form: MultipartForm, contents: [[UInt8]], bodyBytes: Int)]>([])
    }

    static func responder(_ seen: Seen) -> ClosureResponder {
        ClosureResponder { request in
            if let form = request.multipart {
                let contents = try form.files.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0.file.path))) }
                seen.forms.withLock { $0.append((form, contents, request.body.count)) }
            }
            return Response(status: .ok, contentType: "text/plain", body: "ok\n")
        }
    }

    static func upload(_ fields: [(String, String)], _ files: [MultipartEncoding.File]) -> (String, [UInt8]) {
        let form = MultipartEncoding(fields: fields, files: files)
        return (form.contentType, form.body)
    }

    @Test("A file is streamed to a temporary file the responder reads, removed after the request")
    func streamed() async throws {
        let seen = Seen()
        let content = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let (type, body) = Self.upload([("title", "Report")], [.init(name: "file", filename: "r.bin", bytes: content)])
        try await withServer(responder: Self.responder(seen)) { server in
            let port = server.port
            let status = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest("POST", "/upload", headers: [("Content-Type", type)], body: body)
                return try client.readResponse().status
            }
            #expect(status == 200)
        }
        let (form, contents, bodyBytes) = try #require(seen.forms.withLock { $0.first })
        #expect(form.value(ofField: "title") == "Report")
        #expect(form.file(named: "file")?.filename == "r.bin")
        #expect(form.file(named: "file")?.size == content.count)
        #expect(contents == [content])
        #expect(bodyBytes == 0)
        // The server has stopped, so every request is complete: its files are gone.
        let path = try #require(form.file(named: "file")?.path)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("A file past the limit is 413 naming it, and the connection serves the next request")
    func tooLarge() async throws {
        let seen = Seen()
        let (type, body) = Self.upload(
            [],
            [.init(name: "file", filename: "big", bytes: Array(repeating: 1, count: 5000))]
        )
        try await withServer(responder: Self.responder(seen), configure: { $0.uploads?.maxFileBytes = 4096 }) {
            server in
            let port = server.port
            let (refused, next) = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest("POST", "/upload", headers: [("Content-Type", type)], body: body)
                let refused = try client.readResponse()
                try client.sendRequest("GET", "/next")
                return (refused, try client.readResponse())
            }
            #expect(refused.status == 413)
            #expect(refused.text.contains("A file is larger than 4 KiB (4096 bytes)"))
            #expect(!refused.closesConnection)
            #expect(next.status == 200)
        }
        #expect(seen.forms.withLock { $0.isEmpty })
    }

    @Test("A body announced larger than the upload limit is refused before it is read")
    func announcedTooLarge() async throws {
        try await withServer(configure: { $0.uploads?.maxBytes = 1000 }) { server in
            let port = server.port
            let reply = try await onThread {
                let client = try RawClient(port: port)
                try client.send(
                    "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 5000\r\n\r\n"
                )
                return try client.readResponse()
            }
            #expect(reply.status == 413)
        }
    }

    @Test("A client that goes away mid-upload leaves no file behind")
    func abandoned() async throws {
        let seen = Seen()
        let folder = try UploadDirectory.path()
        let (type, body) = Self.upload(
            [],
            [.init(name: "file", filename: "half", bytes: Array(repeating: 2, count: 200_000))]
        )
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        try await withServer(responder: Self.responder(seen)) { server in
            let port = server.port
            try await onThread {
                let client = try RawClient(port: port)
                try client.send(
                    Array(
                        "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n\r\n"
                            .utf8
                    )
                        + body.prefix(120_000)
                )
            }  // the client is released: its socket closes with the body half sent
        }
        // Other tests upload at the same time: only files this test could have made count.
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        let left = after.subtracting(before).filter { name in
            let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0
            return size >= 100_000
        }
        #expect(left.isEmpty)
        #expect(seen.forms.withLock { $0.isEmpty })
    }
}
