import CoreMetrics
import HTTPTypes
import MetricsTestKit
import SignalboxTesting
import Testing

/// The web layer makes its metric handles once per backend and keeps them; a request is
/// counted in whichever backend is in force when it is answered.
@Suite struct RequestMetricsTests {
    private static let requests = "signalbox_http_requests_total"
    private static let durations = "signalbox_http_request_duration_seconds"

    @Test func everyAnswerIsCountedByKindAndStatusInTheBackendInForce() async throws {
        let harness = try Harness()
        let first = TestMetrics()
        _ = try await withMetricsFactory(first) {
            let browser = harness.browser()
            try await browser.get("/guest")
            try await browser.get("/guest")
            #expect(try await browser.get("/guest/nowhere").status == .notFound)
        }
        #expect(first.counterTotal(label: Self.requests, dimensions: [("kind", "page"), ("status", "200")]) == 2)
        #expect(first.counterTotal(label: Self.requests, dimensions: [("kind", "page"), ("status", "404")]) == 1)
        #expect(first.timers(label: Self.durations).flatMap(\.values).count == 3)

        // Another backend gets its own handles: the first one's are not reused for it.
        let second = TestMetrics()
        _ = try await withMetricsFactory(second) {
            try await harness.browser().get("/guest")
        }
        #expect(second.counterTotal(label: Self.requests, dimensions: [("kind", "page"), ("status", "200")]) == 1)
        #expect(first.counterTotal(label: Self.requests, dimensions: [("kind", "page"), ("status", "200")]) == 2)
    }
}
