/// A session's identifier: 128 bits from the system CSPRNG, as 32 lowercase hex digits.
///
/// Ids are only ever made here; a cookie value becomes an id only when it has exactly this shape
/// (``init(rawValue:)``), and the web layer adopts an id only when its store knows it, so a
/// client can never choose its own session id (no fixation).
///
/// Never log ``rawValue``: use ``description`` (`session-1a2b3c4d`), a fingerprint that cannot
/// be turned back into the id.
public struct SessionID: Hashable, Sendable {
    /// The id as sent in the cookie.
    public let rawValue: String

    /// Number of hex digits in an id (128 bits).
    static let length = 32

    /// Accepts exactly 32 lowercase hex digits; anything else is `nil`.
    public init?(rawValue: String) {
        guard RandomToken.isHex(rawValue[...], count: Self.length) else { return nil }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    /// A fresh id from `SystemRandomNumberGenerator`.
    public static func random() -> SessionID {
        SessionID(unchecked: RandomToken.hex(byteCount: Self.length / 2))
    }

    /// A short fingerprint for logs and metrics; stable for one id.
    public var fingerprint: String { RandomToken.fingerprint(self.rawValue) }
}

extension SessionID: CustomStringConvertible {
    /// `session-<fingerprint>`, safe to log.
    public var description: String { "session-\(self.fingerprint)" }
}
