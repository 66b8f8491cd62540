import HTTPTypes
import SignalboxMHD
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Testing

@_spi(Adapters) @testable import SignalboxHTTP

/// The app behind the static files in these tests: 404 for everything, and it counts its calls.
private func appFallback(_ recorder: RequestRecorder) -> ClosureResponder {
    ClosureResponder { request in
        recorder.append(request)
        return Response(status: .notFound, contentType: "text/plain", body: "app 404\n")
    }
}

private func withStaticServer(
    configuration: StaticFiles.Configuration = .init(),
    _ body: (HTTPServer, PublicFixture, RequestRecorder) async throws -> Void
) async throws {
    let fixture = try PublicFixture()
    let app = RequestRecorder()
    let files = StaticFiles(root: fixture.root, configuration: configuration, fallback: appFallback(app))
    try await withServer(responder: files) { server in
        try await body(server, fixture, app)
    }
}

@Suite("StaticFiles")
struct StaticFilesTests {
    @Test(
        "Files are served with the right Content-Type",
        arguments: [
            ("/css/app.css", "text/css; charset=utf-8", "body { color: #333 }\n"),
            ("/js/app.js", "text/javascript; charset=utf-8", "console.log('hi')\n"),
            ("/data.json", "application/json", #"{"ok":true}"#),
            ("/index.html", "text/html; charset=utf-8", "<!doctype html><title>home</title>"),
            ("/notes.txt", "text/plain; charset=utf-8", "plain notes\n"),
            ("/unknown.bin", "application/octet-stream", "??"),
            ("/empty.txt", "text/plain; charset=utf-8", ""),
            ("/space%20name.txt", "text/plain; charset=utf-8", "spaced\n"),
            ("/caf%C3%A9.txt", "text/plain; charset=utf-8", "accent\n"),
            ("/notes.txt?v=3", "text/plain; charset=utf-8", "plain notes\n"),
            ("/link-inside", "text/css; charset=utf-8", "body { color: #333 }\n"),
        ]
    )
    func contentTypes(target: String, contentType: String, content: String) async throws {
        try await withStaticServer { server, _, app in
            let response = try await fetch(server, "GET", target)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == contentType)
            #expect(response.text == content)
            #expect(app.all.isEmpty, "a file is answered before the app runs")
        }
    }

    @Test("A file response carries ETag, Last-Modified, Cache-Control and nosniff")
    func validators() async throws {
        try await withStaticServer { server, _, _ in
            let response = try await fetch(server, "GET", "/notes.txt")
            #expect(response.header("Last-Modified") == "Sun, 06 Nov 1994 08:49:37 GMT")
            let eTag = try #require(response.header("ETag"))
            #expect(eTag.hasPrefix("\"c-") && eTag.hasSuffix("\""))
            #expect(response.header("Cache-Control") == "no-cache")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Content-Length") == "12")
        }
    }

    @Test(
        "Revalidation gets 304 without a body when the client's copy is current",
        arguments: [
            RevalidationCase("matching If-None-Match", "ETAG", nil, 304),
            RevalidationCase("weak matching If-None-Match", "W/ETAG", nil, 304),
            RevalidationCase("If-None-Match list", "\"x\", ETAG", nil, 304),
            RevalidationCase("If-None-Match star", "*", nil, 304),
            RevalidationCase("other If-None-Match", "\"other\"", nil, 200),
            RevalidationCase("If-Modified-Since equal", nil, "Sun, 06 Nov 1994 08:49:37 GMT", 304),
            RevalidationCase("If-Modified-Since later", nil, "Mon, 07 Nov 1994 00:00:00 GMT", 304),
            RevalidationCase("If-Modified-Since RFC 850", nil, "Sunday, 06-Nov-94 08:49:37 GMT", 304),
            RevalidationCase("If-Modified-Since asctime", nil, "Sun Nov  6 08:49:37 1994", 304),
            RevalidationCase("If-Modified-Since earlier", nil, "Sun, 06 Nov 1994 08:49:36 GMT", 200),
            RevalidationCase("If-Modified-Since garbage", nil, "yesterday", 200),
            RevalidationCase(
                "If-None-Match wins over If-Modified-Since",
                "\"other\"",
                "Mon, 07 Nov 1994 00:00:00 GMT",
                200
            ),
        ]
    )
    func revalidation(_ revalidation: RevalidationCase) async throws {
        let (name, ifNoneMatch, ifModifiedSince, status) = (
            revalidation.name, revalidation.ifNoneMatch, revalidation.ifModifiedSince, revalidation.status
        )
        try await withStaticServer { server, _, _ in
            let first = try await fetch(server, "GET", "/notes.txt")
            let eTag = try #require(first.header("ETag"))
            var headers: [(String, String)] = []
            if let ifNoneMatch { headers.append(("If-None-Match", ifNoneMatch.replacingETag(with: eTag))) }
            if let ifModifiedSince { headers.append(("If-Modified-Since", ifModifiedSince)) }
            let response = try await fetch(server, "GET", "/notes.txt", headers: headers)
            #expect(response.status == status, "\(name)")
            #expect(response.header("ETag") == eTag)
            #expect(response.header("Cache-Control") == "no-cache")
            if status == 304 {
                // Never `Content-Length: 0`: a 304 may only announce the length of the full response.
                #expect(response.header("Content-Length") == "12", "\(response.headers)")
            } else {
                #expect(response.text == "plain notes\n")
            }
        }
    }

    @Test("A 304 sends no content: the next response on the connection is intact")
    func notModifiedKeepsConnectionUsable() async throws {
        try await withStaticServer { server, _, _ in
            let port = server.port
            let (notModified, next) = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest("GET", "/notes.txt")
                let first = try client.readResponse()
                try client.sendRequest("GET", "/notes.txt", headers: [("If-None-Match", first.header("ETag") ?? "")])
                let notModified = try client.readResponse()
                try client.sendRequest("GET", "/css/app.css")
                return (notModified, try client.readResponse())
            }
            #expect(notModified.status == 304)
            #expect(!notModified.closesConnection)
            #expect(next.status == 200)
            #expect(next.text == "body { color: #333 }\n")
        }
    }

    @Test("HEAD gets the headers with the file's length and no body")
    func head() async throws {
        try await withStaticServer { server, _, _ in
            let get = try await fetch(server, "GET", "/css/app.css")
            let head = try await fetch(server, "HEAD", "/css/app.css")
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "\(get.body.count)")
            #expect(head.header("ETag") == get.header("ETag"))
            #expect(head.header("Content-Type") == "text/css; charset=utf-8")
            // No body on the wire: the next response on this connection would be corrupted otherwise.
            let port = server.port
            let statuses = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest("HEAD", "/css/app.css")
                let first = try client.readResponse(isHead: true)
                try client.sendRequest("GET", "/notes.txt")
                let second = try client.readResponse()
                return [first.status, second.status, second.text == "plain notes\n" ? 1 : 0]
            }
            #expect(statuses == [200, 200, 1])
        }
    }

    /// Every way out of the root: never the secret; `400` for traversal syntax, `404` for links out
    /// and anything the app then gets.
    @Test(
        "No way out of the root",
        arguments: [
            ("/../secret.txt", 400),
            ("/css/../../secret.txt", 400),
            ("/css/../notes.txt", 400),
            ("/./notes.txt", 400),
            ("/%2e%2e/secret.txt", 400),
            ("/%2E%2E/secret.txt", 400),
            ("/%2e/notes.txt", 400),
            ("/..%2fsecret.txt", 400),
            ("/%2e%2e%2fsecret.txt", 400),
            ("/css/..%2F..%2Fsecret.txt", 400),
            ("/css/%2e%2e/%2e%2e/secret.txt", 400),
            ("/..\\secret.txt", 400),
            ("/..%5csecret.txt", 400),
            ("/%5c..%5csecret.txt", 400),
            ("/notes.txt%00.html", 400),
            ("/%00", 400),
            ("/%zz", 400),
            ("/link-outside", 404),
            ("/link-absolute", 404),
            ("/dir-link-outside/secret.txt", 404),
            ("/prefix-trick", 404),
            ("//etc/passwd", 404),
            ("/etc/passwd", 404),
            ("/%2Fetc%2Fpasswd", 404),
            ("/%252e%252e/secret.txt", 404),
            ("/%c0%ae%c0%ae/secret.txt", 404),
            ("/.env", 404),
            ("/css/app.css~", 404),
            ("/css/%23app.css%23", 404),
            ("/css/app.css.bak", 404),
            ("/css/app.css.swp", 404),
            ("/css/app.css.orig", 404),
            ("/css/config.js.rej", 404),
            ("/ABSOLUTE/secret.txt", 404),
        ]
    )
    func traversal(target: String, status: Int) async throws {
        try await withStaticServer { server, fixture, app in
            let resolvedTarget = target.replacingOccurrences(of: "/ABSOLUTE", with: "/" + fixture.base)
            let response = try await fetch(server, "GET", resolvedTarget)
            #expect(response.status == status)
            #expect(!response.text.contains(PublicFixture.secret))
            #expect(!response.text.contains("root:"))
            if status == 400 {
                #expect(app.all.isEmpty, "traversal attempts never reach the app")
            }
        }
    }

    /// A JSON client gets JSON errors from the static layer too, in the web layer's shape (found
    /// by schemathesis: `GET /todos/todo/%5C3` with `Accept: application/json` was plain text).
    @Test("Refusals answer JSON to a client that asks for it")
    func refusalsAnswerJSON() async throws {
        try await withStaticServer { server, _, _ in
            let json = [("Accept", "application/json")]
            let backslash = try await fetch(server, "GET", "/todos/todo/%5C3", headers: json)
            #expect(backslash.status == 400)
            #expect(backslash.header("Content-Type") == "application/json")
            #expect(
                backslash.text == "{\"error\":\"badRequest\",\"message\":\"backslash in the path\",\"status\":400}\n"
            )
            let missing = try await fetch(server, "GET", "/link-outside", headers: json)
            #expect(missing.status == 404)
            #expect(missing.text == "{\"error\":\"notFound\",\"message\":\"not found\",\"status\":404}\n")
            let plain = try await fetch(server, "GET", "/todos/todo/%5C3")
            #expect(plain.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(plain.text == "400 Bad Request: backslash in the path\n")
        }
    }

    @Test("Requests that are not for files go to the app")
    func nonFilesGoToTheApp() async throws {
        try await withStaticServer { server, _, app in
            let post = try await fetch(server, "POST", "/notes.txt", body: Array("x".utf8))
            let missing = try await fetch(server, "GET", "/todos/a%2Fb?x=1")
            let home = try await fetch(server, "GET", "/")
            let directory = try await fetch(server, "GET", "/sub/")
            #expect([post, missing, home, directory].map(\.text) == Array(repeating: "app 404\n", count: 4))
            #expect(app.all.map { $0.head.path } == ["/notes.txt", "/todos/a%2Fb?x=1", "/", "/sub/"])
        }
    }

    @Test("An index file and a URL prefix can be configured")
    func indexAndPrefix() async throws {
        let configuration = StaticFiles.Configuration(indexFile: "index.html", urlPrefix: "/assets")
        try await withStaticServer(configuration: configuration) { server, _, _ in
            let asset = try await fetch(server, "GET", "/assets/css/app.css")
            let index = try await fetch(server, "GET", "/assets/sub/")
            let outsidePrefix = try await fetch(server, "GET", "/css/app.css")
            let similarPrefix = try await fetch(server, "GET", "/assetsX/css/app.css")
            #expect(asset.status == 200)
            #expect(index.text == "<p>sub index</p>")
            #expect(outsidePrefix.text == "app 404\n")
            #expect(similarPrefix.text == "app 404\n")
        }
    }

    @Test("A missing root serves no files: every request goes to the app")
    func missingRoot() async throws {
        let files = StaticFiles(
            root: "/nonexistent/signalbox/public",
            fallback: ClosureResponder { _ in Response(status: .accepted) }
        )
        #expect(files.root == nil)
        let request = Request(head: HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/app.css"))
        #expect(files.response(for: request) == nil)
        #expect(try await files.respond(to: request).status == .accepted)
    }

    @Test("Files, 304s and refusals carry the security headers")
    func securityHeaders() async throws {
        try await withStaticServer { server, _, _ in
            let file = try await fetch(server, "GET", "/notes.txt")
            let eTag = try #require(file.header("ETag"))
            let notModified = try await fetch(server, "GET", "/notes.txt", headers: [("If-None-Match", eTag)])
            let refused = try await fetch(server, "GET", "/%2e%2e/secret.txt")
            #expect([file.status, notModified.status, refused.status] == [200, 304, 400])
            for response in [file, notModified, refused] {
                #expect(response.header("X-Content-Type-Options") == "nosniff")
                #expect(response.header("X-Frame-Options") == "DENY")
                #expect(response.header("Referrer-Policy") == "same-origin")
                #expect(response.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
            }
        }
    }

    @Test("HTTP dates format and parse in all three formats")
    func httpDates() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
        #expect(HTTPDate.parse("") == nil)
    }
}

struct RevalidationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var ifNoneMatch: String?
    var ifModifiedSince: String?
    var status: Int

    init(_ name: String, _ ifNoneMatch: String?, _ ifModifiedSince: String?, _ status: Int) {
        self.name = name
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
        self.status = status
    }

    var testDescription: String { self.name }
}

extension String {
    fileprivate func replacingETag(with eTag: String) -> String {
        self.replacingOccurrences(of: "ETAG", with: eTag)
    }

    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        var parts: [Substring] = []
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts.joined(separator: replacement)
    }
}
