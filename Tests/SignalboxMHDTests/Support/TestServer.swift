import HTTPTypes
import Logging
import SignalboxHTTP
import SignalboxServerTesting
import SignalboxTesting
import Synchronization

@testable import SignalboxMHD

/// Starts a server on a free loopback port, runs `body`, and always shuts the server down
/// (SignalboxTesting's `withLiveServer`, echoing by default).
func withServer<T>(
    responder: any Responder = EchoResponder(),
    logger: Logger = .quiet,
    configure: (inout HTTPServer.Configuration) -> Void = { _ in },
    _ body: (HTTPServer) async throws -> T
) async throws -> T {
    try await withLiveServer(responder, logger: logger, configure: configure, body)
}

/// Answers every request with a description of what arrived, one `key: value` per line, and
/// records the requests for assertions on the ``Request`` values themselves.
struct EchoResponder: Responder {
    let recorded = RequestRecorder()

    func respond(to request: Request) async throws -> Response {
        self.recorded.append(request)
        var lines = [
            "method: \(request.method.rawValue)",
            "path: \(request.head.path ?? "")",
            "authority: \(request.head.authority ?? "")",
            "client: \(request.clientAddress ?? "")",
            "body-count: \(request.body.count)",
        ]
        for field in request.headerFields {
            lines.append("field: \(field.name.canonicalName)=\(field.value)")
        }
        var response = Response(
            status: .ok,
            contentType: "text/plain; charset=utf-8",
            body: lines.joined(separator: "\n") + "\n"
        )
        if request.target.path == "/cookies" {
            response.appendSetCookie("a=1; Path=/; HttpOnly")
            response.appendSetCookie("b=2; Path=/; SameSite=Lax")
            response.appendSetCookie("c=3; Max-Age=60")
        }
        if request.target.path == "/body" {
            response.body = request.body
        }
        return response
    }
}

/// A thread-safe list of requests.
final class RequestRecorder: Sendable {
    private let requests = Mutex<[Request]>([])

    func append(_ request: Request) {
        self.requests.withLock { $0.append(request) }
    }

    var all: [Request] {
        self.requests.withLock { $0 }
    }

    var last: Request? {
        self.all.last
    }
}

extension Logger {
    /// A logger that drops everything (tests never bootstrap the logging system).
    static var quiet: Logger {
        Logger(label: "signalbox.mhd.tests") { _ in SwiftLogNoOpLogHandler() }
    }
}

extension RawResponse {
    /// The echo responder's `key: value` lines.
    func echoed(_ key: String) -> [String] {
        self.text.split(separator: "\n").compactMap { line in
            line.hasPrefix("\(key): ") ? String(line.dropFirst(key.count + 2)) : nil
        }
    }
}
