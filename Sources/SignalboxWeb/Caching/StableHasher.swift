/// A 128-bit hash that is the same in every process and on every machine (unlike `Hasher`,
/// which is seeded per process), for validators that instances behind a load balancer must
/// agree on: two multiply–xorshift lanes over 8-byte little-endian words, each finished with
/// MurmurHash3's mixer.
///
/// Not a cryptographic hash: it tells versions apart, it does not hide or authenticate them.
/// Every value is written with its length or a marker, so `("ab", "c")` and `("a", "bc")` differ.
struct StableHasher {
    private var low: UInt64 = 0xCBF2_9CE4_8422_2325
    private var high: UInt64 = 0x6C62_272E_07BB_0142

    /// Mixes one 64-bit word into both lanes.
    mutating func combine(_ word: UInt64) {
        self.low = (self.low ^ word) &* 0x9E37_79B9_7F4A_7C15
        self.low ^= self.low >> 32
        self.high = (self.high ^ word) &* 0xC2B2_AE3D_27D4_EB4F
        self.high ^= self.high >> 29
    }

    mutating func combine(byte: UInt8) {
        self.combine(UInt64(byte))
    }

    /// The text's UTF-8 bytes as words (the last one zero-padded), then its length.
    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index + 8 <= bytes.count {
                self.combine(
                    UInt64(
                        littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(
                            fromByteOffset: index,
                            as: UInt64.self
                        )
                    )
                )
                index += 8
            }
            if index < bytes.count {
                var word: UInt64 = 0
                for (shift, byte) in bytes[index...].enumerated() { word |= UInt64(byte) << UInt64(8 * shift) }
                self.combine(word)
            }
        }
        self.combine(UInt64(text.utf8.count) | 0x8000_0000_0000_0000)
    }

    mutating func combine(_ text: String?) {
        guard let text else { return self.combine(byte: 0) }
        self.combine(byte: 1)
        self.combine(text)
    }

    mutating func combine(_ flag: Bool) {
        self.combine(byte: flag ? 1 : 0)
    }

    /// The 128-bit hash.
    struct Digest: Equatable, Sendable {
        let high: UInt64
        let low: UInt64
    }

    func digest() -> Digest {
        Digest(high: Self.mix(self.high), low: Self.mix(self.low &+ self.high))
    }

    /// Mixes in a digest made before (a part hashed once and kept).
    mutating func combine(_ digest: Digest) {
        self.combine(digest.high)
        self.combine(digest.low)
    }

    /// The hash as 32 lowercase hex digits.
    func finalize() -> String {
        let digest = self.digest()
        return RandomToken.hex(high: digest.high, low: digest.low)
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
