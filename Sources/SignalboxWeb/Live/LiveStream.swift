import Signalbox
import SignalboxHTTP

/// One live page's event stream: waits for its hub's wakes, checks the page again on each
/// change and tells the page when its validator moved; a heartbeat comment on each tick; ends
/// with the session, after the idle timeout or the lifetime, or when the client goes away (the
/// server stops reading: the task is cancelled and the hub forgets the stream).
struct LiveStream: Sendable {
    let app: WebApp
    /// The page's app path.
    let path: String
    let session: SessionID
    let listener: LiveHub.Listener
    /// The validator the page was rendered with (`v`, or `Last-Event-ID`), if it said.
    let known: String?
    /// What the stream's first check saw.
    let first: LiveCheck
    /// When the stream opened (its lifetimes count from here).
    let opened: SessionInstant
    let exchange: Exchange

    /// The response body: the task starts now and stops when the server stops reading.
    func start() -> ResponseStream {
        let (stream, continuation) = ResponseStream.makeStream()
        let task = Task {
            defer {
                self.app.live.close(self.listener.id)
                continuation.finish()
            }
            await self.run { continuation.yield($0) }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func run(_ send: ([UInt8]) -> Void) async {
        let limits = self.app.configuration.livePages
        let opened = self.opened
        var lastChange = opened
        var current = self.first
        send(LiveEvent.opening)
        if case .page(let validator, _) = current, let known, known != validator {
            send(LiveEvent.changed(validator))
        } else if case .elsewhere = current {
            send(LiveEvent.elsewhere)
        }
        for await wake in self.listener.wakes {
            let now = self.app.clock.now
            switch wake {
            case .replaced:
                // Most likely a page that is gone; if not, it is live again once the user is back.
                send(LiveEvent.idle)
                return
            case .tick:
                if now - opened >= limits.lifetime { return }
                if now - lastChange >= limits.idleTimeout {
                    send(LiveEvent.idle)
                    return
                }
                send(LiveEvent.heartbeat)
            case .changed:
                let check: LiveCheck
                do {
                    check = try await self.app.liveCheck(self.path, session: self.session, self.exchange)
                } catch {
                    // A store that failed now may answer the next time; the stream stays.
                    self.exchange.logger.notice(
                        "live page check failed",
                        metadata: ["http.path": "\(self.path.prefix(256))", "error": "\(error)"]
                    )
                    continue
                }
                guard check != current else { continue }
                switch check {
                case .ended:
                    send(LiveEvent.ended)
                    return
                case .page(let validator, let topics):
                    self.app.live.update(self.listener.id, topics: topics)  // (nothing when the same)
                    if case .page(validator, _) = current { break }  // only the topics moved
                    send(LiveEvent.changed(validator))
                    lastChange = now
                case .elsewhere, .unversioned:
                    send(LiveEvent.elsewhere)
                    lastChange = now
                }
                current = check
            }
        }
    }
}
