public import HTTPTypes

/// `multipart/form-data` as browsers write it, for tests that upload files.
///
/// ```swift
/// let body = MultipartEncoding(fields: [("title", "Report")], files: [.init(name: "file", filename: "a.txt", bytes: Array("hi".utf8))])
/// try await client.post("/upload", multipart: body)
/// ```
public struct MultipartEncoding: Sendable {
    /// One file input's file.
    public struct File: Sendable {
        public var name: String
        public var filename: String
        public var contentType: String
        public var bytes: [UInt8]

        public init(name: String, filename: String, contentType: String = "application/octet-stream", bytes: [UInt8]) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.bytes = bytes
        }
    }

    public var fields: [(String, String)]
    public var files: [File]
    /// The boundary between parts (a browser picks a random one).
    public var boundary: String

    public init(
        fields: [(String, String)] = [],
        files: [File] = [],
        boundary: String = "----SignalboxTestBoundary7MA4YWxk"
    ) {
        self.fields = fields
        self.files = files
        self.boundary = boundary
    }

    /// The `Content-Type` header's value.
    public var contentType: String { "multipart/form-data; boundary=\(self.boundary)" }

    /// The body.
    public var body: [UInt8] {
        var body: [UInt8] = []
        func line(_ text: String) { body += Array(text.utf8) + [13, 10] }
        for (name, value) in self.fields {
            line("--\(self.boundary)")
            line("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"")
            line("")
            line(value)
        }
        for file in self.files {
            line("--\(self.boundary)")
            line(
                "Content-Disposition: form-data; name=\"\(Self.quoted(file.name))\"; filename=\"\(Self.quoted(file.filename))\""
            )
            line("Content-Type: \(file.contentType)")
            line("")
            body += file.bytes + [13, 10]
        }
        line("--\(self.boundary)--")
        return body
    }

    /// As browsers escape names: `"` as `%22`, CR and LF as `%0D` and `%0A`.
    private static func quoted(_ text: String) -> String {
        text.replacing("\"", with: "%22").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }
}

extension TestClient {
    /// POSTs `form` as `multipart/form-data`, with the jar's CSRF token unless `csrf` is given
    /// (`""` for none).
    @discardableResult
    public func post(
        _ path: String,
        multipart form: MultipartEncoding,
        csrf: String? = nil,
        json: Bool = false,
        headers: [(HTTPField.Name, String)] = []
    ) async throws -> TestResponse {
        var form = form
        let token = csrf ?? self.csrf ?? ""
        if !token.isEmpty { form.fields.insert(("_csrf", token), at: 0) }
        return try await self.send(
            method: .post,
            path: path,
            json: json,
            body: form.body,
            headers: [(.contentType, form.contentType)] + headers
        )
    }
}
