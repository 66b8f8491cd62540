import CoreMetrics
import HTTPTypes

/// The web layer's request metrics, through swift-metrics (nothing is recorded until the process
/// bootstraps a backend, such as Prometheus):
///
/// - `signalbox_http_requests_total{kind, status}`: requests answered, by route kind (`page`,
///   `form`, `navigation`, `developer`, `stylesheet`, `invalid`) and status code;
/// - `signalbox_http_request_duration_seconds{kind}`: how long answering took.
enum RequestMetrics {
    static func record(kind: String, status: HTTPResponse.Status, duration: Duration) {
        Counter(
            label: "signalbox_http_requests_total",
            dimensions: [("kind", kind), ("status", String(status.code))]
        ).increment()
        Timer(label: "signalbox_http_request_duration_seconds", dimensions: [("kind", kind)])
            .recordNanoseconds(Self.nanoseconds(duration))
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

extension WebRoute {
    /// The route's kind, as metrics count it.
    var metricsKind: String {
        switch self {
        case .page: "page"
        case .form: "form"
        case .navigation: "navigation"
        case .developerTree, .sessionStats, .openAPIDocument, .routeTable: "developer"
        case .libraryStylesheet: "stylesheet"
        }
    }
}
