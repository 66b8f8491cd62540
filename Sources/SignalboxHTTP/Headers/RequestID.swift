import Synchronization

/// Request ids for logs and 500 pages: 16 lowercase hex digits, a random prefix chosen once per
/// process followed by a counter, so ids are unique within a process, unlikely to repeat across
/// processes, and cost no system call per request. They are not secrets.
package enum RequestID {
    private static let prefix: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next() as UInt64) & 0xFFFF_FFFF_0000_0000
    }()
    private static let counter = Atomic<UInt64>(0)

    /// The next id.
    package static func next() -> String {
        let count = Self.counter.add(1, ordering: .relaxed).newValue
        let hex = String(Self.prefix | (count & 0xFFFF_FFFF), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
