extension WebApp {
    /// How live pages behave: pages that update themselves when another window, user or
    /// instance changes what they show (``WebApp/Configuration/livePages``).
    ///
    /// The page script (`/_signalbox/signalbox.js`) opens one event stream per visible page
    /// (`GET /_live`); the server tells it when the page's validator changed, and the script
    /// fetches the page and swaps it in, keeping scroll position, focus and what is being typed.
    /// Without the script, with a refused stream or behind a proxy that buffers, pages work as
    /// before: they are simply not live.
    ///
    /// ```swift
    /// var configuration = WebApp.Configuration()
    /// configuration.livePages.maxStreamsPerClient = 200   // many users behind one NAT
    /// configuration.livePages = .off                       // no streams at all
    /// ```
    public struct LivePages: Sendable, Hashable {
        /// Whether `GET /_live` opens streams (default on); off, it answers `204 No Content`,
        /// which stops an event source for good.
        public var isEnabled: Bool
        /// Streams one session may have open (default 8; a browser opens one per visible page).
        /// A new one past it ends the session's oldest (with an `idle` event): a page that was
        /// closed is only noticed at its stream's next heartbeat, and a user opening pages
        /// quickly must not be refused for their own pages that are gone.
        public var maxStreamsPerSession: Int
        /// Streams one client address may have open (default 64); past it `429`. Behind a
        /// trusted proxy the forwarded address counts (``WebApp/Configuration/trustedProxies``).
        public var maxStreamsPerClient: Int
        /// How often a quiet stream sends a comment (default 25 s): under nginx's 60 s
        /// `proxy_read_timeout`, and how the server notices a client that went away.
        public var heartbeat: Duration
        /// A stream that announced no change for this long ends with an `idle` event (default
        /// 30 minutes); the script opens a new one when the user is back (focus, a key, a click).
        public var idleTimeout: Duration
        /// A stream ends after this long however busy (default 1 hour); the event source
        /// reconnects at once, through the same checks as a new stream.
        public var lifetime: Duration

        /// The defaults.
        public init(
            isEnabled: Bool = true,
            maxStreamsPerSession: Int = 8,
            maxStreamsPerClient: Int = 64,
            heartbeat: Duration = .seconds(25),
            idleTimeout: Duration = .seconds(30 * 60),
            lifetime: Duration = .seconds(3600)
        ) {
            self.isEnabled = isEnabled
            self.maxStreamsPerSession = maxStreamsPerSession
            self.maxStreamsPerClient = maxStreamsPerClient
            self.heartbeat = heartbeat
            self.idleTimeout = idleTimeout
            self.lifetime = lifetime
        }

        /// No live pages: `GET /_live` answers `204 No Content`.
        public static let off = LivePages(isEnabled: false)
    }
}
