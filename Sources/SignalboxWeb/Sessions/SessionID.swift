import SignalboxHTTP

/// A session's identifier: 128 bits from the system CSPRNG, as 32 lowercase hex digits.
///
/// Ids are only ever made here; a cookie value becomes an id only when it has exactly this shape
/// (``init(rawValue:)``), and the web layer adopts an id only when its store knows it, so a
/// client can never choose its own session id (no fixation).
///
/// Never log ``rawValue``: use ``description`` (`session-1a2b3c4d`), a fingerprint that cannot
/// be turned back into the id.
public struct SessionID: Hashable, Sendable {
    /// The 128 bits, most significant first: held inline (a session keeps no string for its id,
    /// and a look-up hashes two words).
    private let high: UInt64
    private let low: UInt64

    /// Number of hex digits in an id (128 bits).
    static let length = 32

    /// Accepts exactly 32 lowercase hex digits; anything else is `nil`.
    public init?(rawValue: String) {
        guard let id = rawValue.withUTF8Bytes({ Self(hexDigits: $0) }) else { return nil }
        self = id
    }

    /// Reads exactly 32 lowercase hex digits; anything else is `nil`.
    init?<Digits: Collection<UInt8>>(hexDigits digits: Digits) {
        guard digits.count == Self.length else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        for (position, digit) in digits.enumerated() {
            let value: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            if position < 16 {
                words.0 = words.0 << 4 | UInt64(value)
            } else {
                words.1 = words.1 << 4 | UInt64(value)
            }
        }
        (self.high, self.low) = words
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The id as sent in the cookie: 32 lowercase hex digits.
    public var rawValue: String { RandomToken.hex(high: self.high, low: self.low) }

    /// A fresh id from `SystemRandomNumberGenerator`.
    public static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        return SessionID(high: generator.next(), low: generator.next())
    }

    /// A short fingerprint for logs and metrics; stable for one id.
    public var fingerprint: String { RandomToken.fingerprint(self.rawValue) }
}

extension SessionID: CustomStringConvertible {
    /// `session-<fingerprint>`, safe to log.
    public var description: String { "session-\(self.fingerprint)" }
}
