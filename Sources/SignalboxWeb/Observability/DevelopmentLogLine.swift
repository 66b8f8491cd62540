import HTTPTypes
import SignalboxHTTP

/// The one line per request a developer reads in the terminal with developer tools on:
/// method, path, status, duration and the session's fingerprint.
///
/// ```
/// GET /authenticated/todos/todo/3 200 4.1 ms session-1a2b3c4d
/// POST /_nav/pop 303 2.7 ms session-1a2b3c4d
/// ```
enum DevelopmentLogLine {
    /// The session is the one the response sets (a new or rotated id), else the request's.
    static func text(
        _ exchange: Exchange,
        _ response: Response,
        duration: Duration,
        cookieName: String
    ) -> String {
        let set = response.headerFields[values: .setCookie].lazy.compactMap { cookie in
            SessionCookie.candidates(in: String(cookie.prefix { $0 != ";" }), name: cookieName).first
        }.first
        let session = (set ?? exchange.sessionCandidates.first).map(\.description) ?? "no session"
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        let rounded = (milliseconds * 10).rounded() / 10
        return
            "\(exchange.method.rawValue) \(exchange.path.prefix(256)) \(response.status.code) \(rounded) ms \(session)"
    }
}
