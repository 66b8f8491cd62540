/// Identifiers for requests the server answers with a 500, shown to the client and logged.
enum RequestID {
    /// 16 lowercase hex digits (64 random bits).
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
