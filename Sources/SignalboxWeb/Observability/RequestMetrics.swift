import CoreMetrics
import HTTPTypes
import Synchronization

/// The web layer's request metrics, through swift-metrics (nothing is recorded until the process
/// bootstraps a backend, such as Prometheus):
///
/// - `signalbox_http_requests_total{kind, status}`: requests answered, by route kind (`page`,
///   `form`, `navigation`, `developer`, `stylesheet`, `invalid`) and status code;
/// - `signalbox_http_request_duration_seconds{kind}`: how long answering took.
enum RequestMetrics {
    static func record(kind: String, status: HTTPResponse.Status, duration: Duration) {
        let factory = MetricsSystem.factory
        // Nothing bootstrapped: nothing to record, so nothing to make.
        if factory is NOOPMetricsHandler { return }
        let (counter, timer) = Self.handles(kind: kind, status: status.code, factory: factory)
        counter.increment()
        timer.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// The handles of one kind and status, made once per factory (a backend's registry is asked
    /// once, not on every request). Only a factory that is an object is cached, by identity.
    private static func handles(kind: String, status: Int, factory: any MetricsFactory) -> (Counter, Timer) {
        func make() -> (Counter, Timer) {
            (
                Counter(
                    label: "signalbox_http_requests_total",
                    dimensions: [("kind", kind), ("status", String(status))]
                ),
                Timer(label: "signalbox_http_request_duration_seconds", dimensions: [("kind", kind)])
            )
        }
        guard type(of: factory) is AnyObject.Type else { return make() }
        let identity = ObjectIdentifier(factory as AnyObject)
        let key = HandleKey(kind: kind, status: status)
        if let known = Self.cache.withLock({ $0.factory == identity ? $0.handles[key] : nil }) { return known }
        let made = make()
        Self.cache.withLock { cache in
            if cache.factory != identity { cache = HandleCache(factory: identity) }
            // Kinds are a fixed set and statuses few; the bound only guards against surprises.
            if cache.handles.count < 256 { cache.handles[key] = made }
        }
        return made
    }

    private struct HandleKey: Hashable {
        let kind: String
        let status: Int
    }

    private struct HandleCache {
        var factory: ObjectIdentifier?
        var handles: [HandleKey: (Counter, Timer)] = [:]
    }

    private static let cache = Mutex(HandleCache(factory: nil))

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
        case .download: "download"
        case .form: "form"
        case .navigation: "navigation"
        case .draft: "draft"
        case .live: "live"
        case .developerTree, .sessionStats, .openAPIDocument, .routeTable: "developer"
        case .libraryStylesheet: "stylesheet"
        case .libraryScript: "script"
        }
    }
}
