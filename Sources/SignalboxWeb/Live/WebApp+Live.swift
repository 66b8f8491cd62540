import HTTPTypes
import Signalbox
import SignalboxHTTP

extension WebApp {
    /// `GET /_live?page=<URL path>&v=<validator>`: the event stream of a live page (see
    /// ``LivePages``). `204` when there is nothing to watch (live pages off, no session, a page
    /// without a validator), which stops an event source for good; `429` past the address's
    /// limit (past the session's, its oldest stream ends instead).
    func openLiveStream(_ exchange: Exchange) async throws -> Answer {
        let limits = self.configuration.livePages
        let nothing = Answer(.presented(Response(status: .noContent, headerFields: [.cacheControl: "no-store"])))
        guard limits.isEnabled else { return nothing }
        // What is asked first (a malformed request is a 400 whatever it accepts), then how.
        let query = try self.formCodec.decode(Array((exchange.request.target.query ?? "").utf8))
        guard let page = query["page"], !page.isEmpty else { throw WebError.missingField("page") }
        if page.utf8.count > self.configuration.maxPathBytes {
            throw WebError.pathTooLong(limit: self.configuration.maxPathBytes)
        }
        guard let path = self.configuration.mountPath.appPath(of: page) else {
            throw WebError.notFound("There is no page at \(page.prefix(64)).")
        }
        let accept = exchange.request.headerFields.combinedValue(.accept) ?? ""
        guard accept.contains("text/event-stream") else { throw WebError.notAnEventSource }
        let known = exchange.request.headerFields.combinedValue(FieldNames.lastEventID) ?? query["v"]
        guard
            let (session, first) = try await self.withSession(
                exchange,
                access: .retryable,
                { state in (state.id, await self.liveCheck(path, in: &state, exchange)) }
            )
        else { return nothing }
        let topics: Set<LiveTopic>
        switch first {
        case .page(_, let pageTopics): topics = pageTopics
        case .elsewhere: topics = []
        case .unversioned, .ended: return nothing
        }
        let listener: LiveHub.Listener
        do {
            listener = try self.live.open(session: session, client: exchange.client, topics: topics)
        } catch {
            exchange.logger.notice(
                "live stream refused: too many from one client",
                metadata: ["client": "\(exchange.client ?? "")", "session.id": "\(session.fingerprint)"]
            )
            throw WebError.tooManyLiveStreams(limit: limits.maxStreamsPerClient)
        }
        let stream = LiveStream(
            app: self,
            path: path,
            session: session,
            listener: listener,
            known: known,
            first: first,
            opened: self.clock.now,
            exchange: exchange
        )
        var fields = HTTPFields()
        fields[.contentType] = "text/event-stream; charset=utf-8"
        fields[.cacheControl] = "no-store"
        // nginx passes the stream on as it comes instead of buffering it.
        fields[FieldNames.xAccelBuffering] = "no"
        return Answer(.presented(Response(status: .ok, headerFields: fields, stream: stream.start())))
    }

    /// Tells the live pages listening to `topics` — on every instance, through the
    /// ``LiveRelay`` — that what they show may have changed: for writes made outside a request
    /// (a job, another service). Forms accepted through the app announce their pages' topics
    /// themselves.
    ///
    /// ```swift
    /// try await store.importTodos(file, for: user)
    /// app.announce([LiveTopic("user", user.id)])
    /// ```
    public func announce(_ topics: [LiveTopic]) {
        self.live.publish(Set(topics))
    }
}

extension WebError {
    static let notAnEventSource = WebError(
        status: .notAcceptable,
        code: "notAnEventSource",
        message: "This address sends a live page's events (Accept: text/event-stream)."
    )

    /// Past ``WebApp/LivePages/maxStreamsPerClient`` (`limit`).
    static func tooManyLiveStreams(limit: Int) -> WebError {
        .tooManyRequests(
            "tooManyLiveStreams",
            "Your address has \(limit) live pages open already; they update, this one does not.",
            retryAfter: .seconds(60)
        )
    }
}
