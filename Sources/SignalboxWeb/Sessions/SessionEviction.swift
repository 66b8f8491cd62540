/// How a store that keeps sessions as rows picks what to evict at its cap, so the SQLite and
/// PostgreSQL stores order it the same way: sessions the app did not establish first, then the
/// least recently used, by the last request.
///
/// A row's last-seen time moves only with the store's coarse touch, so it lags by up to a touch
/// interval; the process knows the exact time of the sessions it served lately. A store reads
/// the `count` oldest rows by its index plus ``margin`` more and lets ``victims(_:count:lastSeen:)``
/// reorder them with what it knows.
@_spi(SessionStores) public enum SessionEviction {
    /// Rows past the `count` oldest that are reordered by their exact last request.
    public static let margin = 64

    /// One row read for eviction.
    public struct Candidate: Sendable {
        public var id: String
        public var isProvisional: Bool
        /// The row's last-seen time, in milliseconds since the epoch.
        public var lastSeen: Int64

        public init(id: String, isProvisional: Bool, lastSeen: Int64) {
            self.id = id
            self.isProvisional = isProvisional
            self.lastSeen = lastSeen
        }
    }

    /// The ids of the `count` candidates to evict: provisional first, then the oldest last
    /// request — the later of the row's time and `lastSeen(id)`, what the process knows.
    public static func victims(
        _ candidates: [Candidate],
        count: Int,
        lastSeen: (String) -> Int64?
    ) -> [String] {
        let ordered = candidates.map { candidate in
            (candidate, seen: max(candidate.lastSeen, lastSeen(candidate.id) ?? candidate.lastSeen))
        }.sorted { a, b in
            a.0.isProvisional != b.0.isProvisional ? a.0.isProvisional : a.seen < b.seen
        }
        return ordered.prefix(count).map(\.0.id)
    }
}
