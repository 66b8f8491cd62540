import HTTPTypes
import SignalboxHTTP

/// Who sent a request, for per-client limits (new sessions, logins): the peer's address, or —
/// when the peer is a trusted proxy (``WebApp/Configuration/trustedProxies``) — the address the
/// proxy forwarded in `X-Forwarded-For`.
///
/// `X-Forwarded-For` is read from the right: each proxy appends the address it received the
/// request from, so the rightmost entry not written by a trusted proxy is the client (entries
/// further left came from the client itself and may be forged). A request whose peer is not a
/// trusted proxy is that peer, whatever it claims. Without any address (an in-process request)
/// there is no client to limit: per-client limits do not apply (an adapter that cannot say who
/// the peer is would otherwise put every visitor in one bucket).
package enum ClientAddress {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// The client of `request` given the proxies whose forwarded address is believed.
    package static func of(_ request: Request, trustedProxies: Set<String>) -> String? {
        guard let peer = request.clientAddress.map(Self.normalise), !peer.isEmpty else { return nil }
        return trustedProxies.contains(peer) ? Self.forwarded(request, by: peer, trustedProxies: trustedProxies) : peer
    }

    /// The client a trusted proxy `peer` (normalised) forwarded `request` for: the rightmost
    /// `X-Forwarded-For` entry no trusted proxy wrote, else `peer` itself.
    package static func forwarded(_ request: Request, by peer: String, trustedProxies: Set<String>) -> String {
        guard let forwarded = request.headerFields.combinedValue(Self.forwardedFor) else { return peer }
        for entry in forwarded.split(separator: ",").reversed() {
            let address = Self.normalise(entry.trimmingSpaces)
            // A malformed entry ends the chain: the last trusted hop is the best we know.
            guard Self.isAddress(address) else { return peer }
            if !trustedProxies.contains(address) { return address }
        }
        return peer
    }

    /// The configured proxies, normalised like peers.
    package static func trusted(_ addresses: [String]) -> Set<String> {
        Set(addresses.map(Self.normalise))
    }

    /// An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) as IPv4, lower-cased.
    static func normalise<S: StringProtocol>(_ address: S) -> String {
        let lowered = address.lowercased()
        return lowered.hasPrefix("::ffff:") && lowered.contains(".") ? String(lowered.dropFirst(7)) : lowered
    }

    /// Whether `text` looks like a numeric IPv4 or IPv6 address (digits, hex, `.` and `:` only),
    /// so a forged header cannot name a client key of arbitrary text.
    static func isAddress(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 45
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                    UInt8(ascii: "."), UInt8(ascii: ":"):
                    true
                default: false
                }
            }
    }
}
