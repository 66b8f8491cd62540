/// Unguessable tokens from the system CSPRNG (`SystemRandomNumberGenerator`: `getrandom` on Linux,
/// `arc4random_buf` on Darwin), written as lowercase hex.
enum RandomToken {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `byteCount` random bytes as `2 * byteCount` lowercase hex digits.
    static func hex(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount * 2)
        var remaining = byteCount
        while remaining > 0 {
            let word = generator.next() as UInt64
            for shift in 0..<min(8, remaining) {
                let byte = UInt8(truncatingIfNeeded: word >> (UInt64(shift) * 8))
                bytes.append(Self.digits[Int(byte >> 4)])
                bytes.append(Self.digits[Int(byte & 0xF)])
            }
            remaining -= 8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Two 64-bit words as 32 lowercase hex digits, `high` first (session ids, validators).
    static func hex(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            for position in 0..<32 {
                let word = position < 16 ? high : low
                let nibble = Int(truncatingIfNeeded: word >> UInt64(60 - 4 * (position % 16))) & 0xF
                buffer[position] = Self.digits[nibble]
            }
            return 32
        }
    }

    /// Compares two secrets in time that depends only on their lengths.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// A short, stable, non-reversible fingerprint of a secret for logs (FNV-1a, 32 bits).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        var bytes: [UInt8] = []
        for shift in stride(from: 28, through: 0, by: -4) {
            bytes.append(Self.digits[Int((hash >> UInt32(shift)) & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
