public import Vapor

/// The answer of `GET /api/health`: `{"status":"ok"}`.
public struct HealthStatus: Content, Equatable {
    /// `"ok"` while the service answers.
    public var status: String

    public init(status: String) {
        self.status = status
    }
}
