import HTTPTypes
import Logging
import SignalboxHTTP
import SignalboxWeb
import TodoApp

/// A small in-process browser: a cookie jar over ``WebApp/respond(to:)``, no sockets.
final class WebClient {
    let app: WebApp
    let store: InMemoryTodoStore
    var cookies: [String: String] = [:]
    /// The CSRF token of the last page or JSON answer seen.
    private(set) var csrf: String?

    /// The repository's `Templates/` folder, found next to this file.
    static let templates: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Support/WebClient.swift, TodoAppTests, Tests
        return parts.joined(separator: "/") + "/Templates"
    }()

    init(store: InMemoryTodoStore = .demo()) throws {
        self.store = store
        var logger = Logger(label: "todo-tests")
        logger.logLevel = .critical
        self.app = try TodoWebApp.make(store: store, templates: Self.templates, logger: logger)
    }

    /// A browser over a web app built elsewhere (e.g. with its own renderer) on `store`.
    init(app: WebApp, store: InMemoryTodoStore) {
        self.app = app
        self.store = store
    }

    struct Answer {
        var status: Int
        var fields: HTTPFields
        var body: String
        var location: String? { self.fields[.location] }
        var setCookies: [String] { self.fields[values: .setCookie] }
    }

    @discardableResult
    func get(_ path: String, json: Bool = false) async throws -> Answer {
        try await self.send(.get, path, body: nil, json: json)
    }

    /// Posts a form; the current CSRF token is added unless `csrf: false`, or `token` instead.
    @discardableResult
    func post(
        _ path: String, _ fields: KeyValuePairs<String, String> = [:], csrf: Bool = true, token: String? = nil,
        json: Bool = false, headers: [(HTTPField.Name, String)] = []
    ) async throws -> Answer {
        try await self.post(
            path, fields.map { ($0.key, $0.value) }, csrf: csrf, token: token, json: json, headers: headers)
    }

    @discardableResult
    func post(
        _ path: String, _ fields: [(String, String)], csrf: Bool = true, token: String? = nil, json: Bool = false,
        headers: [(HTTPField.Name, String)] = []
    ) async throws -> Answer {
        var pairs = fields
        if let token = token ?? (csrf ? self.csrf : nil) { pairs.append(("_csrf", token)) }
        let body = pairs.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
        return try await self.send(.post, path, body: body, json: json, headers: headers)
    }

    /// The session's whole navigation state as JSON (`GET /` with JSON changes nothing).
    func state() async throws -> String {
        let answer = try await self.get("/", json: true)
        guard answer.status == 200 else { throw StateError(answer: answer.body) }
        return answer.body
    }

    struct StateError: Error {
        var answer: String
    }

    /// Follows a `303` with a GET (what browsers do after a form).
    func follow(_ answer: Answer) async throws -> Answer {
        guard answer.status == 303, let location = answer.location else { return answer }
        return try await self.get(location)
    }

    private func send(
        _ method: HTTPRequest.Method, _ path: String, body: String?, json: Bool, headers: [(HTTPField.Name, String)] = []
    ) async throws -> Answer {
        var fields = HTTPFields()
        for (name, value) in headers { fields.append(HTTPField(name: name, value: value)) }
        fields[.accept] = json ? "application/json" : "text/html"
        if !self.cookies.isEmpty {
            fields[.cookie] = self.cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        }
        if body != nil { fields[.contentType] = "application/x-www-form-urlencoded" }
        let head = HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path, headerFields: fields)
        let response = try await self.app.respond(to: Request(head: head, body: Array((body ?? "").utf8)))
        let answer = Answer(
            status: response.status.code, fields: response.headerFields,
            body: String(decoding: response.body, as: UTF8.self))
        for cookie in answer.setCookies {
            let pair = cookie.split(separator: ";").first ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            self.cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        if let token = Self.token(in: answer.body) { self.csrf = token }
        return answer
    }

    /// The `_csrf` value of a page, or the `csrf` field of a JSON answer.
    static func token(in body: String) -> String? {
        for marker in ["name=\"_csrf\" value=\"", "\"csrf\":\""] {
            if let start = body.firstRange(of: marker) {
                let rest = body[start.upperBound...]
                if let end = rest.firstIndex(of: "\"") { return String(rest[..<end]) }
            }
        }
        return nil
    }

    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// Logs alice in and returns the page she lands on.
    @discardableResult
    func logIn() async throws -> Answer {
        try await self.get("/unauthenticated")
        let answer = try await self.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        return try await self.follow(answer)
    }
}
