import HTTPTypes
import Logging
import SignalboxHTTP
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct ObservabilityTests {
    @Test func everyLineLoggedWhileARequestIsHandledCarriesItsRequestID() async throws {
        let log = LogRecorder()
        let harness = try Harness(logger: log.logger(metadataProvider: .requestID))
        let browser = harness.browser()
        try await browser.get("/guest")
        try await browser.get("/guest")
        let created = try #require(log.entries.first { $0.message == "session created" })
        let requests = log.entries.filter { $0.message == "request" }
        #expect(requests.count == 2)
        // The store's line did not name the request; the provider did.
        #expect(created.metadata["request.id"] != nil)
        #expect(created.metadata["request.id"] == requests.first?.metadata["request.id"])
        #expect(requests[0].metadata["request.id"] != requests[1].metadata["request.id"])
        #expect(RequestLogContext.requestID == nil)  // nothing leaks out of the request
    }

    @Test func healthAlwaysAnswersWhileTheProcessServes() async throws {
        let site = OperationsResponder(readiness: { throw Unready() }, fallback: Fallback())
        let response = try await site.respond(to: Self.get("/healthz"))
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == "ok\n")
    }

    @Test func readinessIs503WithRetryAfterWhileItsCheckFails() async throws {
        let failing = OperationsResponder(readiness: { throw Unready() }, fallback: Fallback())
        let refused = try await failing.respond(to: Self.get("/readyz"))
        #expect(refused.status == .serviceUnavailable)
        #expect(refused.headerFields[.retryAfter] == "2")
        #expect(String(decoding: refused.body, as: UTF8.self).contains("the database is away"))
        let passing = OperationsResponder(readiness: {}, fallback: Fallback())
        #expect(try await passing.respond(to: Self.get("/readyz")).status == .ok)
    }

    @Test func metricsAreServedOnlyWhenTheHostProvidesThem() async throws {
        let with = OperationsResponder(metrics: { "requests_total 3\n" }, fallback: Fallback())
        let metrics = try await with.respond(to: Self.get("/metrics"))
        #expect(metrics.headerFields[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
        #expect(String(decoding: metrics.body, as: UTF8.self) == "requests_total 3\n")
        let without = OperationsResponder(fallback: Fallback())
        #expect(try await without.respond(to: Self.get("/metrics")).status == .accepted)
    }

    @Test(arguments: ["/", "/healthz/more", "/readyz?x=1"])
    func everythingElseGoesToTheApp(path: String) async throws {
        let site = OperationsResponder(readiness: {}, fallback: Fallback())
        let answered = try await site.respond(to: Self.get(path))
        #expect(answered.status == (path == "/readyz?x=1" ? .ok : .accepted))
    }

    @Test func postsToTheEndpointsGoToTheApp() async throws {
        let site = OperationsResponder(readiness: {}, fallback: Fallback())
        let request = Request(head: HTTPRequest(method: .post, scheme: nil, authority: "localhost", path: "/healthz"))
        #expect(try await site.respond(to: request).status == .accepted)
    }

    static func get(_ path: String) -> Request {
        Request(head: HTTPRequest(method: .get, scheme: nil, authority: "localhost", path: path))
    }

    struct Unready: Error, CustomStringConvertible {
        var description: String { "the database is away" }
    }

    struct Fallback: Responder {
        func respond(to request: Request) async throws -> Response { Response(status: .accepted) }
    }
}
