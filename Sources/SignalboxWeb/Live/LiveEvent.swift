/// The Server-Sent Events a live page's stream sends (`text/event-stream`, WHATWG HTML §9.2).
///
/// The page script acts on `changed` (fetch the page and swap it in; the event's id is the
/// page's new validator, so a reconnecting event source names it in `Last-Event-ID`), `ended`
/// (the session is over: reload) and `idle` (stop until the user is back). Comments keep
/// proxies and the server's own dead-client detection busy.
enum LiveEvent {
    /// First: how long an event source waits before reconnecting after the stream closed.
    static let opening = Array("retry: 2000\n\n".utf8)
    /// A comment sent on each heartbeat.
    static let heartbeat = Array(": heartbeat\n\n".utf8)
    /// The session is over.
    static let ended = Array("event: ended\ndata: ended\n\n".utf8)
    /// No change for the idle timeout: the script stops until the user is back.
    static let idle = Array("event: idle\ndata: idle\n\n".utf8)
    /// The address leads elsewhere now: fetch it (the last event id stays).
    static let elsewhere = Array("event: changed\ndata: elsewhere\n\n".utf8)

    /// The page's validator changed to `validator` (an entity tag: no line breaks).
    static func changed(_ validator: String) -> [UInt8] {
        Array("id: \(validator)\nevent: changed\ndata: \(validator)\n\n".utf8)
    }
}
