import SignalboxWeb

/// Session instants as stored: whole milliseconds since the Unix epoch (`bigint`).
extension SessionInstant {
    var milliseconds: Int64 {
        let (seconds, attoseconds) = self.sinceEpoch.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    init(milliseconds: Int64) {
        self.init(sinceEpoch: .milliseconds(milliseconds))
    }
}
