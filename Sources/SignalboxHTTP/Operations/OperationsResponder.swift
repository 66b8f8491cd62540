import HTTPTypes

/// Answers the endpoints a load balancer, an orchestrator and a monitoring system ask every
/// instance, and hands everything else to the app.
///
/// - `GET /healthz`: 200 `ok` while the process serves requests (liveness).
/// - `GET /readyz`: 200 `ready` when ``readiness`` succeeds (the database answers, say), else
///   503 with `Retry-After` and the reason (readiness: take the instance out of rotation).
/// - `GET /metrics`: the text ``metrics`` returns (Prometheus' exposition format), when set.
///
/// ```swift
/// let site = OperationsResponder(
///     readiness: { try await sessions.checkReadiness() },
///     metrics: { registry.emitToString() },
///     fallback: StaticFiles(root: "Public", fallback: app)
/// )
/// ```
public struct OperationsResponder<Fallback: Responder>: Responder {
    /// Throws when the instance should not get traffic; `nil` means always ready.
    public let readiness: (@Sendable () async throws -> Void)?
    /// The metrics in Prometheus' text format; `nil` leaves `/metrics` to the fallback.
    public let metrics: (@Sendable () async -> String)?
    /// Answers every other request.
    public let fallback: Fallback

    public init(
        readiness: (@Sendable () async throws -> Void)? = nil,
        metrics: (@Sendable () async -> String)? = nil,
        fallback: Fallback
    ) {
        self.readiness = readiness
        self.metrics = metrics
        self.fallback = fallback
    }

    public func respond(to request: Request) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return try await self.fallback.respond(to: request)
        }
        switch request.target.path {
        case "/healthz":
            return Self.text(.ok, "ok\n")
        case "/readyz":
            do {
                try await self.readiness?()
                return Self.text(.ok, "ready\n")
            } catch {
                var response = Self.text(.serviceUnavailable, "not ready: \(error)\n")
                response.head.headerFields[.retryAfter] = "2"
                return response
            }
        case "/metrics":
            guard let metrics = self.metrics else { return try await self.fallback.respond(to: request) }
            return Response(
                status: .ok,
                contentType: "text/plain; version=0.0.4; charset=utf-8",
                body: await metrics(),
                headerFields: [.cacheControl: "no-store"]
            )
        default:
            return try await self.fallback.respond(to: request)
        }
    }

    private static func text(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status,
            contentType: "text/plain; charset=utf-8",
            body: body,
            headerFields: [.cacheControl: "no-store"]
        )
    }
}
