/// Encodes navigation paths: segments joined by `/`, inputs percent-encoded so they round-trip.
///
/// Rules, chosen so that browsers never rewrite a Signalbox path:
/// - everything but `A–Z a–z 0–9 - _ .` is percent-encoded as UTF-8 (so `/ ? # % ~` and spaces
///   never appear raw inside an input);
/// - an input whose encoding would be empty, `.` or `..` is written with a leading `~`
///   (`~`, `~.`, `~..`), because browsers collapse dot segments and empty segments are fragile;
/// - a segment that is exactly `~` in a route-name position ends a child coordinator's
///   segments (see ``NavigationTree/path``).
public enum PathCodec {
    /// The segment that closes a child coordinator when its parent's entries follow.
    public static let endMarker = "~"

    /// Splits a raw path (`/a/b%20c/~`) into raw segments. A leading `/` is required; `"/"` is
    /// the empty path.
    public static func split(_ path: String) throws(NavigationError) -> [Substring] {
        guard path.first == "/" else {
            throw .malformedPath(path: String(path.prefix(128)), reason: "a path must start with \"/\"")
        }
        let utf8 = path.utf8
        var start = utf8.index(after: utf8.startIndex)
        if start == utf8.endIndex { return [] }
        var segments: [Substring] = []
        segments.reserveCapacity(8)  // room for the segments of most paths
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                segments.append(path[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        segments.append(path[start..<utf8.endIndex])
        return segments
    }

    /// Joins already-encoded segments into a path.
    public static func join(_ segments: [String]) -> String {
        var result = ""
        result.reserveCapacity(segments.reduce(0) { $0 + $1.utf8.count + 1 } + 1)
        for segment in segments {
            result.append("/")
            result.append(segment)
        }
        return result.isEmpty ? "/" : result
    }

    /// Encodes decoded input text as one path segment.
    public static func encodeInput(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if Self.isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded.append("%")
                encoded.unicodeScalars.append(Unicode.Scalar(Self.hexDigits[Int(byte >> 4)]))
                encoded.unicodeScalars.append(Unicode.Scalar(Self.hexDigits[Int(byte & 0xF)]))
            }
        }
        if encoded.isEmpty || encoded == "." || encoded == ".." {
            return "~" + encoded
        }
        return encoded
    }

    /// Decodes one input segment back to its text. Accepts any valid percent-encoding (not only
    /// the canonical one); rejects malformed escapes and bytes that are not UTF-8.
    public static func decodeInput(_ segment: Substring) throws(InputDecodingError) -> String {
        var raw = segment.utf8[...]
        if raw.first == UInt8(ascii: "~") {
            raw = raw.dropFirst()
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index != raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                let high = raw.index(after: index)
                guard high != raw.endIndex, raw.index(after: high) != raw.endIndex,
                    let h = Self.hexValue(raw[high]), let l = Self.hexValue(raw[raw.index(after: high)])
                else {
                    throw InputDecodingError("malformed percent-escape")
                }
                bytes.append(h << 4 | l)
                index = raw.index(high, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = raw.index(after: index)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputDecodingError("the segment is not valid UTF-8")
        }
        return text
    }

    /// Decodes a route-name segment; names are plain identifiers, but a percent-encoded name is
    /// accepted for robustness.
    static func decodeName(_ segment: Substring) -> String? {
        let percent = UInt8(ascii: "%")
        let encoded =
            segment.utf8.withContiguousStorageIfAvailable { $0.contains(percent) } ?? segment.utf8.contains(percent)
        if !encoded { return String(segment) }
        return try? Self.decodeInput(segment)
    }

    /// Whether a raw segment needs no decoding and is already in canonical form: only
    /// unreserved bytes, and not empty, `.` or `..`.
    static func isCanonicalPlain(_ segment: Substring) -> Bool {
        guard !segment.isEmpty, segment != ".", segment != ".." else { return false }
        return segment.utf8.allSatisfy(Self.isUnreserved)
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
