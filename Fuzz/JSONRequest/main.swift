// libFuzzer target for the whole web layer: `WebApp.respond(to:)` in-process over the todo demo,
// with arbitrary methods, targets, header fields and bodies, `Accept: application/json` first.
//
// Input layout: byte 0 holds flags (method, cookie, CSRF token, content type); then the target up
// to the first newline; then `Name: value` lines up to an empty line; the rest is the body.
// A signed-in session (alice) is kept across runs and rebuilt when a run rotated or lost it.
//
// Invariants checked (a violation traps, which libFuzzer reports as a crash):
//   - no request is answered 500 (bad input is always a 4xx);
//   - JSON answers are valid JSON with `<`, `>`, `&` and `'` escaped, and carry `status` on errors;
//   - redirects point to a safe local path (HEAD is answered like GET, body included: the server
//     drops it, so WebApp.respond(to:) is not checked for an empty HEAD body);
//   - every answer carries the standard security headers;
//   - live sessions never exceed the cap.
import Dispatch
import Foundation
import HTTPTypes
import Logging
import Signalbox
import SignalboxHTTP
import Synchronization
import TodoApp

@testable import SignalboxWeb

/// Blocks the fuzzer's thread on an async call (libFuzzer calls the target synchronously). The
/// task starts on this thread and runs there until it first suspends (the demo store's actor).
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> T {
    let box = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.immediate {
        let value = try! await body()
        box.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return box.withLock { $0! }
}

let maxSessions = 512

final class Harness: @unchecked Sendable {
    // `@unchecked`: only ever touched from libFuzzer's single thread, between blocking calls.
    let renderer: MustacheRenderer
    var app: WebApp
    var cookie = ""
    var csrf = ""
    var runs = 0

    init() {
        self.renderer = try! MustacheRenderer(directory: "Templates")
        self.app = Self.makeApp(self.renderer)
        self.signIn()
    }

    static func makeApp(_ renderer: MustacheRenderer) -> WebApp {
        var logger = Logger(label: "fuzz")
        logger.logLevel = .critical
        let store = InMemoryTodoStore.demo()
        return WebApp(configuration: .init(maxSessions: maxSessions), renderer: renderer, logger: logger) {
            TodoWebApp.makeTree(store: store)
        }
    }

    /// A fresh signed-in session: GET the login page as JSON (cookie + token), then log in.
    func signIn() {
        let app = self.app
        let first = blocking { try await app.respond(to: Self.request(.get, "/unauthenticated", [])) }
        let cookie = Self.cookie(in: first)!
        let token = Self.token(in: first)!
        let body = Array("username=alice&password=wonderland&_csrf=\(token)".utf8)
        let login = blocking {
            try await app.respond(
                to: Self.request(
                    .post, "/unauthenticated",
                    [(.cookie, cookie), (.contentType, "application/x-www-form-urlencoded")], body: body))
        }
        self.cookie = Self.cookie(in: login)!
        self.csrf = Self.token(in: login)!
    }

    static func request(
        _ method: HTTPRequest.Method, _ path: String, _ fields: [(HTTPField.Name, String)], body: [UInt8] = []
    ) -> Request {
        var headerFields = HTTPFields()
        headerFields.append(HTTPField(name: .accept, value: "application/json"))
        for (name, value) in fields { headerFields.append(HTTPField(name: name, value: value)) }
        return Request(
            head: HTTPRequest(method: method, scheme: nil, authority: "localhost", path: path, headerFields: headerFields),
            body: body)
    }

    static func cookie(in response: Response) -> String? {
        response.headerFields[values: .setCookie].first.map { String($0.split(separator: ";")[0]) }
    }

    static func token(in response: Response) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return object?["csrf"] as? String
    }
}

/// `precondition` that also prints its message in optimised builds (where `precondition` drops it).
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("invariant violated: \(message())\n".utf8))
        fatalError()
    }
}

let harness = Harness()
let methods: [HTTPRequest.Method] = [.get, .post, .head, .post, .get, .put, .delete, .options]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let flags = bytes[0]
    var rest = bytes[1...]

    // Target, header lines, body.
    let targetEnd = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
    var target = String(decoding: rest[..<targetEnd], as: UTF8.self)
    if !target.hasPrefix("/") && flags & 0x80 == 0 { target = "/" + target }
    rest = targetEnd == rest.endIndex ? rest[rest.endIndex...] : rest[(targetEnd + 1)...]
    var fields: [(HTTPField.Name, String)] = []
    while let lineEnd = rest.firstIndex(of: UInt8(ascii: "\n")) {
        let line = rest[..<lineEnd]
        rest = rest[(lineEnd + 1)...]
        if line.isEmpty { break }
        let text = String(decoding: line, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":"), let name = HTTPField.Name(String(text[..<colon])) else { continue }
        fields.append((name, String(text[text.index(after: colon)...].drop { $0 == " " })))
    }
    var body = Array(rest)

    let method = methods[Int(flags & 0x07)]
    if flags & 0x08 != 0 { fields.append((.cookie, harness.cookie)) }
    if flags & 0x10 != 0 { fields.append((HTTPField.Name("X-CSRF-Token")!, harness.csrf)) }
    if flags & 0x20 != 0 { body += Array("&_csrf=\(harness.csrf)".utf8) }
    if flags & 0x40 != 0 { fields.append((.contentType, "application/x-www-form-urlencoded")) }

    let app = harness.app
    let request = Harness.request(method, target, fields, body: body)
    let (response, count) = blocking { (try await app.respond(to: request), try await app.sessionCount) }

    // Invariants.
    let status = response.status.code
    check(status != 500, "bad input is never a 500: \(method) \(target.prefix(200))")
    check(response.headerFields[.xContentTypeOptions] == "nosniff", "standard headers")
    check(response.headerFields[.contentSecurityPolicy] != nil, "standard headers")
    if status == 303 {
        let location = response.headerFields[.location] ?? ""
        check(isSafeLocalPath(location), "redirects stay on the site: \(location.prefix(200))")
    }
    if response.headerFields[.contentType] == "application/json", !response.body.isEmpty {
        for byte in response.body {
            check(
                byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&")
                    && byte != UInt8(ascii: "'"),
                "JSON escapes <, >, & and ': \(String(decoding: response.body.prefix(2000), as: UTF8.self))")
        }
        let object = try? JSONSerialization.jsonObject(with: Data(response.body))
        check(object != nil, "JSON answers are valid JSON")
        if status >= 400, let dictionary = object as? [String: Any] {
            check(dictionary["status"] as? Int == status, "JSON errors carry their status")
        }
    }
    check(count <= maxSessions, "sessions stay within the cap")

    // Keep the signed-in session usable; start over with a fresh store now and then so the todo
    // list (which fuzzed forms may grow) stays small.
    harness.runs += 1
    if harness.runs % 20_000 == 0 {
        harness.app = Harness.makeApp(harness.renderer)
        harness.signIn()
    } else if harness.runs % 200 == 0 || (!response.headerFields[values: .setCookie].isEmpty && flags & 0x08 != 0) {
        // Rotated (login, logout) or possibly evicted by the sessions fuzzed requests created.
        harness.signIn()
    }
    return 0
}
