/// A 128-bit hash that is the same in every process and on every machine (unlike `Hasher`,
/// which is seeded per process), for validators that instances behind a load balancer must
/// agree on: two FNV-1a lanes with different offsets, each finished with MurmurHash3's mixer.
///
/// Not a cryptographic hash: it tells versions apart, it does not hide or authenticate them.
/// Every value is written with its length or a terminator, so `("ab", "c")` and `("a", "bc")`
/// differ.
struct StableHasher {
    private var low: UInt64 = 0xCBF2_9CE4_8422_2325
    private var high: UInt64 = 0x6C62_272E_07BB_0142

    mutating func combine(byte: UInt8) {
        self.low = (self.low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        self.high = (self.high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    mutating func combine(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { self.combine(byte: UInt8(truncatingIfNeeded: value >> shift)) }
    }

    mutating func combine(_ text: String) {
        var count: UInt64 = 0
        for byte in text.utf8 {
            self.combine(byte: byte)
            count += 1
        }
        self.combine(count)
    }

    mutating func combine(_ text: String?) {
        guard let text else { return self.combine(byte: 0) }
        self.combine(byte: 1)
        self.combine(text)
    }

    mutating func combine(_ flag: Bool) {
        self.combine(byte: flag ? 1 : 0)
    }

    /// The hash as 32 lowercase hex digits.
    func finalize() -> String {
        var digits: [UInt8] = []
        digits.reserveCapacity(32)
        for lane in [Self.mix(self.high), Self.mix(self.low &+ self.high)] {
            for shift in stride(from: 60, through: 0, by: -4) {
                let nibble = UInt8((lane >> UInt64(shift)) & 0xF)
                digits.append(nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// MurmurHash3's 64-bit finaliser: every input bit affects every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value = value &* 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value = value &* 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
