import Metrics

extension PostgresSessionStore {
    /// Updates the session gauges: `signalbox_sessions{state="live"}`, the trees this instance
    /// holds in memory, and `{state="hibernated"}`, the other stored sessions (from PostgreSQL's
    /// row estimate: no scan of the table). Call it before metrics are read; a database error
    /// leaves the gauges as they were.
    public func refreshGauges() async {
        let live = self.liveTreeCount
        Gauge(label: "signalbox_sessions", dimensions: [("state", "live")]).record(live)
        guard let stored = try? await self.table.estimatedCount() else { return }
        Gauge(label: "signalbox_sessions", dimensions: [("state", "hibernated")]).record(max(0, stored - live))
    }
}
