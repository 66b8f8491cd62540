/// Anything that answers HTTP requests: the web layer's app, a test double, a hello route.
///
/// Servers (the libmicrohttpd server, a Hummingbird adapter, an in-process test client) call
/// ``respond(to:)`` once per request. A thrown error becomes a 500 with a request id; the error's
/// description never reaches the client.
///
/// ```swift
/// struct Hello: Responder {
///     func respond(to request: Request) async throws -> Response {
///         Response(status: .ok, contentType: "text/plain; charset=utf-8", body: "hello\n")
///     }
/// }
/// ```
public protocol Responder: Sendable {
    /// Answers one request.
    func respond(to request: Request) async throws -> Response
}

/// A ``Responder`` made from a closure.
public struct ClosureResponder: Responder {
    private let body: @Sendable (Request) async throws -> Response

    public init(_ body: @escaping @Sendable (Request) async throws -> Response) {
        self.body = body
    }

    public func respond(to request: Request) async throws -> Response {
        try await self.body(request)
    }
}
