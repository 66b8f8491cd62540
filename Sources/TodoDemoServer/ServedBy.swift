import HTTPTypes
import SignalboxHTTP

/// In developer mode, names the instance that answered (`X-Served-By: 127.0.0.1:PORT pid N`), so
/// a test through a load balancer can see that consecutive requests went to different instances.
struct ServedBy<Wrapped: Responder>: Responder {
    let wrapped: Wrapped
    let enabled: Bool
    let name: @Sendable () -> String

    func respond(to request: Request) async throws -> Response {
        var response = try await self.wrapped.respond(to: request)
        if self.enabled { response.head.headerFields[Self.field] = self.name() }
        return response
    }

    static var field: HTTPField.Name { HTTPField.Name("X-Served-By")! }
}
