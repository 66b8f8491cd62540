import Foundation
import HTTPTypes
import SignalboxHTTP
import SignalboxWeb

/// An in-process browser: a cookie jar, the last CSRF token seen, and requests straight into
/// ``WebApp/respond(to:)`` (no sockets).
final class Browser {
    let app: WebApp
    var cookies: [String: String] = [:]
    var csrf: String?
    var headers: [(HTTPField.Name, String)] = []

    init(app: WebApp) {
        self.app = app
    }

    var sessionID: SessionID? { self.cookies["signalbox_session"].flatMap(SessionID.init(rawValue:)) }

    @discardableResult
    func get(_ path: String, json: Bool = false, method: HTTPRequest.Method = .get) async throws -> Reply {
        try await self.send(method: method, path: path, json: json)
    }

    /// POSTs `fields` (urlencoded) with the jar's CSRF token unless `csrf` is given (`""` for none).
    @discardableResult
    func post(
        _ path: String, _ fields: KeyValuePairs<String, String> = [:], csrf: String? = nil, json: Bool = false,
        extraHeaders: [(HTTPField.Name, String)] = []
    ) async throws -> Reply {
        try await self.post(path, fields.map { ($0.key, $0.value) }, csrf: csrf, json: json, extraHeaders: extraHeaders)
    }

    @discardableResult
    func post(
        _ path: String, _ fields: [(String, String)], csrf: String? = nil, json: Bool = false,
        extraHeaders: [(HTTPField.Name, String)] = []
    ) async throws -> Reply {
        var pairs = fields
        let token = csrf ?? self.csrf ?? ""
        if !token.isEmpty { pairs.insert(("_csrf", token), at: 0) }
        let body = pairs.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
        return try await self.send(
            method: .post, path: path, json: json, body: Array(body.utf8),
            extraHeaders: [(.contentType, "application/x-www-form-urlencoded")] + extraHeaders)
    }

    func send(
        method: HTTPRequest.Method, path: String, json: Bool, body: [UInt8] = [],
        extraHeaders: [(HTTPField.Name, String)] = []
    ) async throws -> Reply {
        var fields = HTTPFields()
        fields[.accept] = json ? "application/json" : "text/html,application/xhtml+xml,*/*;q=0.8"
        if !self.cookies.isEmpty {
            fields[.cookie] = self.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: "; ")
        }
        for (name, value) in self.headers + extraHeaders {
            if name == .accept { fields[.accept] = value } else { fields.append(HTTPField(name: name, value: value)) }
        }
        let head = HTTPRequest(
            method: method, scheme: "http", authority: "localhost:8080", path: path, headerFields: fields)
        let response = try await self.app.respond(to: Request(head: head, body: body))
        let reply = Reply(response)
        for cookie in reply.setCookies {
            let pair = cookie.split(separator: ";")[0]
            if let equals = pair.firstIndex(of: "=") {
                self.cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
        }
        if let token = reply.csrfToken { self.csrf = token }
        return reply
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(
            of: "%20", with: "+")
    }
}

/// A response, decoded for assertions.
struct Reply {
    let response: Response
    let body: String

    init(_ response: Response) {
        self.response = response
        self.body = String(decoding: response.body, as: UTF8.self)
    }

    var status: Int { self.response.status.code }
    var location: String? { self.response.headerFields[.location] }
    var contentType: String? { self.response.headerFields[.contentType] }
    var setCookies: [String] { self.response.headerFields[values: .setCookie] }
    func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { self.response.headerFields[$0] } }

    /// The body as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(self.response.body))) as? [String: Any] ?? [:]
    }

    /// The CSRF token in the page (`name="_csrf" value="…"`) or in the JSON state.
    var csrfToken: String? {
        if self.contentType == "application/json" { return self.json["csrf"] as? String }
        guard let marker = self.body.range(of: "name=\"_csrf\" value=\"") else { return nil }
        let rest = self.body[marker.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
