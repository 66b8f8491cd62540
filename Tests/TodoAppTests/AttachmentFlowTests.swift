import SignalboxTesting
import Testing
import TodoApp

/// Attach a file to a todo, see it listed, download it; nobody else can.
@Suite struct AttachmentFlowTests {
    static let content = Array("Minutes of the tea party\r\n--boundary-like line\n".utf8) + [0, 255, 7]

    @Test func aFileAttachedToATodoIsListedAndDownloadsAsAnAttachment() async throws {
        let store = InMemoryTodoStore.demo()
        let client = try WebClient.demo(store: store)
        try await client.logIn()
        let page = try await client.get("/authenticated/todos/todo/1")
        #expect(page.body.contains(#"enctype="multipart/form-data""#))
        #expect(page.body.contains("No files yet."))
        let attached = try await client.post(
            "/authenticated/todos/todo/1",
            multipart: MultipartEncoding(
                fields: [("action", "attach")],
                files: [
                    .init(name: "file", filename: "tea <party>.txt", contentType: "text/plain", bytes: Self.content)
                ]
            )
        )
        #expect(attached.status == .seeOther)
        #expect(attached.location == "/authenticated/todos/todo/1")
        let listed = try await client.follow(attached)
        #expect(
            listed.body.contains(
                #"<a href="/authenticated/todos/todo/1?download=1" download>tea &lt;party&gt;.txt</a>"#
            )
        )

        let download = try await client.get("/authenticated/todos/todo/1?download=1")
        #expect(download.status == .ok)
        #expect(download.response.body == Self.content)
        #expect(download.contentType == "text/plain")
        #expect(
            download.header("Content-Disposition")
                == #"attachment; filename="tea <party>.txt"; filename*=UTF-8''tea%20%3Cparty%3E.txt"#
        )
        #expect(download.header("X-Content-Type-Options") == "nosniff")
        #expect(download.header("Cache-Control") == "private, no-store")
        #expect(try await client.get("/authenticated/todos/todo/1?download=99").status == .notFound)
        // Only on the page of its own todo.
        #expect(try await client.get("/authenticated/todos/todo/2?download=1").status == .notFound)
    }

    @Test func anotherUserCannotDownloadItNorCanSomeoneSignedOut() async throws {
        let store = InMemoryTodoStore.demo()
        let alice = try WebClient.demo(store: store)
        try await alice.logIn()
        try await alice.get("/authenticated/todos/todo/1")
        try await alice.post(
            "/authenticated/todos/todo/1",
            multipart: MultipartEncoding(
                fields: [("action", "attach")],
                files: [.init(name: "file", filename: "secret.txt", contentType: "text/plain", bytes: [1, 2, 3])]
            )
        )
        let app = alice.transport
        let bob = TestClient(app)
        try await bob.get("/unauthenticated/registration")
        try await bob.post("/unauthenticated/registration", ["username": "bob"])
        try await bob.get("/unauthenticated/registration/password/bob")
        try await bob.post(
            "/unauthenticated/registration/password/bob",
            ["password": "tweedledum", "confirmation": "tweedledum"]
        )
        let stolen = try await bob.get("/authenticated/todos/todo/1?download=1")
        #expect(stolen.status == .notFound)
        #expect(stolen.response.body != [1, 2, 3])

        let stranger = TestClient(app)
        let signedOut = try await stranger.get("/authenticated/todos/todo/1?download=1")
        #expect(signedOut.status == .seeOther)
        #expect(signedOut.location == "/unauthenticated")
    }

    @Test func aFileTooLargeForTheDemoIsA422OnTheFileField() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/todos/todo/1")
        let reply = try await client.post(
            "/authenticated/todos/todo/1",
            multipart: MultipartEncoding(
                fields: [("action", "attach")],
                files: [.init(name: "file", filename: "big.bin", bytes: [UInt8](repeating: 1, count: (5 << 20) + 1))]
            ),
            json: true
        )
        #expect(reply.status == .unprocessableContent)
        #expect(reply.json["fieldErrors"] as? [String: String] == ["file": "Choose a file of at most 5 MB."])
    }
}
