import Foundation
import HTTPTypes
import Logging
import Signalbox
import SignalboxTesting
@_spi(Adapters) import SignalboxWeb
import Synchronization
import Testing

struct AttachForm: FormValidatable, Sendable {
    var note: String?
    var file: FormFile
    var extras: [FormFile]

    static func rules(_ rules: inout FormRules<Self>) {
        rules.field(\.file, .maxSize(1000), .contentType(["text/plain", "image/*"]))
    }
}

/// What the screen saw of each upload while its request ran.
final class Received: Sendable {
    struct Upload: Sendable, Equatable {
        var note: String?
        var filename: String
        var contentType: String
        var bytes: [UInt8]
        var extras: [String]
        var path: String
        var existed: Bool
    }
    let uploads = Mutex<[Upload]>([])
}

struct AttachScreen: FormScreen {
    typealias Form = AttachForm
    let received: Received
    var template: String { "attach" }
    var title: String { "Attach" }
    var viewModel: ViewModel { [:] }

    func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
        let upload = Received.Upload(
            note: form.note,
            filename: form.file.filename,
            contentType: form.file.contentType,
            bytes: try form.file.contents(),
            extras: form.extras.map(\.filename),
            path: form.file.path,
            existed: FileManager.default.fileExists(atPath: form.file.path)
        )
        self.received.uploads.withLock { $0.append(upload) }
        if form.note == "fail" { throw CancellationError() }
        return .accepted
    }
}

final class AttachCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \AttachCoordinator.start)
    @Root var start = makeStart
    let received: Received
    init(received: Received) { self.received = received }
    func makeStart() -> AttachScreen { AttachScreen(received: self.received) }
}

@Suite struct UploadTests {
    let received = Received()
    let app: WebApp

    init() throws {
        let templates = MustacheRenderer.defaultTemplates.merging([
            "attach": """
            <form method="post" action="{{path}}" enctype="{{formEnctype}}">
            {{>partials/csrf}}
            {{>partials/fields}}
            </form>
            """
        ]) { _, new in new }
        let received = self.received
        var configuration = WebApp.Configuration()
        configuration.uploads.maxFileBytes = 4096
        configuration.uploads.maxBytes = 16 * 1024
        configuration.uploads.maxFiles = 3
        self.app = WebApp(
            configuration: configuration,
            renderer: try MustacheRenderer(templates: templates, includeDefaults: false),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            NavigationTree(root: AttachCoordinator(received: received))
        }
    }

    func client() async throws -> TestClient {
        let client = TestClient(self.app)
        client.contract = nil
        let page = try await client.get("/")
        #expect(page.body.contains(#"enctype="multipart/form-data""#))
        #expect(
            page.body.contains(#"<input type="file" id="field-file" name="file" accept="text/plain,image/*" required"#)
        )
        #expect(page.body.contains(#"<input type="file" id="field-extras" name="extras" multiple>"#))
        return client
    }

    @Test func aFileReachesTheFormTypeAndIsRemovedAfterTheRequest() async throws {
        let client = try await self.client()
        let reply = try await client.post(
            "/",
            multipart: MultipartEncoding(
                fields: [("note", "minutes")],
                files: [
                    .init(
                        name: "file",
                        filename: "../../etc/notes.txt",
                        contentType: "text/plain",
                        bytes: Array("hello\r\n--x".utf8)
                    ),
                    .init(name: "extras", filename: "a.png", contentType: "image/png", bytes: [0x89, 0x50]),
                    .init(name: "extras", filename: "b.png", contentType: "image/png", bytes: [0x89]),
                ]
            )
        )
        #expect(reply.status == .seeOther)
        let upload = try #require(self.received.uploads.withLock { $0.first })
        #expect(upload.note == "minutes")
        #expect(upload.filename == "notes.txt")
        #expect(upload.contentType == "text/plain")
        #expect(upload.bytes == Array("hello\r\n--x".utf8))
        #expect(upload.extras == ["a.png", "b.png"])
        #expect(upload.existed)
        #expect(!upload.path.contains("notes"))
        #expect(!FileManager.default.fileExists(atPath: upload.path), "the temporary file is removed")
    }

    @Test func aFileBreakingItsRulesIsA422WithTheFieldsError() async throws {
        let client = try await self.client()
        let reply = try await client.post(
            "/",
            multipart: MultipartEncoding(files: [
                .init(name: "file", filename: "big.pdf", contentType: "application/pdf", bytes: [1, 2, 3])
            ]),
            json: true
        )
        #expect(reply.status == .unprocessableContent)
        #expect(
            reply.json["fieldErrors"] as? [String: String] == [
                "file": "Choose a file of type text/plain, image/*."
            ]
        )
        let missing = try await client.post("/", multipart: MultipartEncoding(fields: [("note", "x")]), json: true)
        #expect(missing.json["fieldErrors"] as? [String: String] == ["file": "Choose a file."])
    }

    @Test(arguments: [
        (4097, 1, "A file is larger than 4 KiB (4096 bytes)"),
        (1000, 4, "The form has more than 3 files"),
    ])
    func anUploadPastALimitIs413NamingIt(size: Int, count: Int, message: String) async throws {
        let client = try await self.client()
        let files = (0..<count).map {
            MultipartEncoding.File(name: "extras", filename: "f\($0).txt", bytes: Array(repeating: 65, count: size))
        }
        let reply = try await client.post("/", multipart: MultipartEncoding(files: files), json: true)
        #expect(reply.status == .contentTooLarge)
        #expect(reply.json["error"] as? String == "uploadTooLarge")
        #expect((reply.json["message"] as? String)?.hasPrefix(message) == true, "\(reply.body)")
        #expect(self.received.uploads.withLock { $0.isEmpty })
    }

    @Test func aMalformedBodyIs400() async throws {
        let client = try await self.client()
        var form = MultipartEncoding(files: [.init(name: "file", filename: "a.txt", bytes: [1])])
        form.boundary = "x"
        let truncated = Array(form.body.dropLast(8))
        let reply = try await client.send(
            method: .post,
            path: "/",
            json: true,
            body: Array("--x\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(client.csrf ?? "")\r\n".utf8)
                + truncated,
            headers: [(.contentType, form.contentType)]
        )
        #expect(reply.status == .badRequest)
        #expect(reply.json["error"] as? String == "malformedUpload")
    }

    @Test func theFileIsRemovedWhenTheHandlerFails() async throws {
        let client = try await self.client()
        let reply = try await client.post(
            "/",
            multipart: MultipartEncoding(
                fields: [("note", "fail")],
                files: [.init(name: "file", filename: "a.txt", contentType: "text/plain", bytes: [1, 2])]
            )
        )
        #expect(reply.status == .internalServerError)
        let upload = try #require(self.received.uploads.withLock { $0.first })
        #expect(upload.existed && !FileManager.default.fileExists(atPath: upload.path))
    }

    /// A body handed over in chunks (as the adapters do) reaches the app like one read whole.
    @Test func aBodyReadInChunksIsSpooledAndItsFilesRemovedAfterTheAnswer() async throws {
        let client = try await self.client()
        let form = MultipartEncoding(
            fields: [("_csrf", client.csrf ?? "")],
            files: [
                .init(
                    name: "file",
                    filename: "a.txt",
                    contentType: "text/plain",
                    bytes: Array(repeating: 66, count: 900)
                )
            ]
        )
        var reader = RequestBodyReader(app: self.app, request: self.request(client, form))
        #expect(!reader.isRefused)
        for chunk in form.body.chunks(ofCount: 97) { Array(chunk).withUnsafeBytes { reader.read($0) } }
        let response = await reader.respond(logger: Logger(label: "test"))
        #expect(response.status == .seeOther)
        let upload = try #require(self.received.uploads.withLock { $0.first })
        #expect(upload.bytes == Array(repeating: 66, count: 900))
        #expect(!FileManager.default.fileExists(atPath: upload.path))
    }

    @Test func aBodyPastALimitIsRefusedWhileReadOrAtOnceByItsLength() async throws {
        let client = try await self.client()
        let form = MultipartEncoding(files: [
            .init(name: "file", filename: "a", bytes: Array(repeating: 1, count: 5000))
        ])
        var reader = RequestBodyReader(app: self.app, request: self.request(client, form))
        Array(form.body).withUnsafeBytes { reader.read($0) }
        #expect(await reader.respond(logger: Logger(label: "test")).status == .contentTooLarge)

        var announced = self.request(client, form)
        announced.head.headerFields[.contentLength] = String(64 * 1024)
        let refused = RequestBodyReader(app: self.app, request: announced)
        #expect(refused.isRefused)
        #expect(await refused.respond(logger: Logger(label: "test")).status == .contentTooLarge)
        #expect(self.received.uploads.withLock { $0.isEmpty })
    }

    func request(_ client: TestClient, _ form: MultipartEncoding) -> Request {
        var fields = HTTPFields()
        fields[.contentType] = form.contentType
        fields[.cookie] = client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        return Request(
            head: HTTPRequest(method: .post, scheme: nil, authority: "localhost:8080", path: "/", headerFields: fields)
        )
    }
}

extension Array {
    /// The array in consecutive pieces of `count` elements (the last may be shorter).
    func chunks(ofCount count: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: self.count, by: count).map { self[$0..<Swift.min($0 + count, self.count)] }
    }
}
