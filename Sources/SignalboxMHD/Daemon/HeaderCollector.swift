import CMicroHTTPD
import HTTPTypes

/// Collects the request's header fields from libmicrohttpd into `HTTPFields`.
///
/// `Host` becomes the request's authority (as other HTTP/1 → HTTPTypes adapters do) instead of a
/// field. The first name that is not a valid field name stops the collection; the request then
/// gets a 400.
///
/// It also checks the framing libmicrohttpd 0.9.75 lets through (RFC 9112 §6.3 and §5.2; nginx
/// refuses all of them): several `Content-Length`s that differ, `Content-Length` with
/// `Transfer-Encoding`, a field value with a CR, LF or NUL in it, and a folded line (obs-fold) —
/// which 0.9.75 glues onto the *name* of the field before it (`X-A: one`, ` two` becomes
/// `X-Atwo: one`), copying that name elsewhere, so its value no longer follows it in memory, which
/// is how it is recognised.
struct HeaderCollector {
    var fields = HTTPFields()
    var authority: String?
    var hostCount = 0
    var contentLength: UInt64?
    var invalidName: String?
    /// Why the head's framing is refused (400), if it is.
    var framingError: String?
    /// The `Transfer-Encoding` values, in order.
    var transferEncodings: [String] = []

    /// Notes a field whose line was folded onto the previous one (see the type's note).
    mutating func foldedLine(name: UnsafeRawBufferPointer) {
        self.framingError = self.framingError ?? "a folded header line (obs-fold) after \"\(Self.printable(name))\""
    }

    mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Bool {
        let nameText = String(decoding: name, as: UTF8.self)
        guard let fieldName = Self.commonName(nameText) ?? HTTPField.Name(nameText) else {
            self.invalidName = nameText
            return false
        }
        if fieldName.canonicalName == "host" {
            self.hostCount += 1
            self.authority = String(decoding: value, as: UTF8.self)
            return true
        }
        if value.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
            self.framingError =
                self.framingError ?? "a CR, LF or NUL in the value of \"\(Self.printable(name))\""
        }
        switch fieldName {
        case .contentLength:
            // libmicrohttpd has already rejected malformed values with 400; it reads the first.
            let length = UInt64(String(decoding: value, as: UTF8.self))
            if let first = self.contentLength {
                if length != first { self.framingError = self.framingError ?? "conflicting Content-Length fields" }
            } else {
                self.contentLength = length
            }
        case .transferEncoding:
            self.transferEncodings.append(String(decoding: value, as: UTF8.self))
        default:
            break
        }
        self.fields.append(HTTPField(name: fieldName, value: value))
        return true
    }

    /// The names clients send most, in their usual spelling, without validating and lowercasing
    /// them again for every request (`HTTPField.Name.init` does both). Other spellings take the
    /// general path.
    static func commonName(_ name: String) -> HTTPField.Name? {
        switch name {
        case "Host": Self.host
        case "User-Agent": .userAgent
        case "Accept": .accept
        case "Accept-Encoding": .acceptEncoding
        case "Accept-Language": .acceptLanguage
        case "Connection": .connection
        case "Cookie": .cookie
        case "Content-Type": .contentType
        case "Content-Length": .contentLength
        case "Referer": .referer
        case "Origin": .origin
        case "Cache-Control": .cacheControl
        case "If-None-Match": .ifNoneMatch
        case "If-Modified-Since": .ifModifiedSince
        case "Authorization": .authorization
        case "Priority": .priority
        default: nil
        }
    }

    /// Whether the body's framing is plain `chunked` (the one transfer coding libmicrohttpd
    /// decodes); `nil` when no `Transfer-Encoding` came.
    var isChunked: Bool? {
        guard !self.transferEncodings.isEmpty else { return nil }
        let codings = self.transferEncodings.joined(separator: ",").split(separator: ",")
        return codings.count == 1 && codings[0].filter { $0 != " " && $0 != "\t" }.lowercased() == "chunked"
    }

    /// A name for a log line or an error message: printable ASCII, at most 64 bytes.
    static func printable(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes.prefix(64).map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// `Host` (HTTPTypes marks its own `.host` unavailable in favour of the authority).
    private static let host = HTTPField.Name("Host")!

}

/// `MHD_KeyValueIteratorN` for `MHD_get_connection_values_n`; `cls` points to a `HeaderCollector`.
func collectHeaderField(
    cls: UnsafeMutableRawPointer?,
    kind: MHD_ValueKind,
    key: UnsafePointer<CChar>?,
    keySize: Int,
    value: UnsafePointer<CChar>?,
    valueSize: Int
) -> MHD_Result {
    guard let cls, let key else { return .NO }
    let collector = cls.assumingMemoryBound(to: HeaderCollector.self)
    let name = UnsafeRawBufferPointer(start: key, count: keySize)
    if let value, value < key + keySize {
        // A name and value are read in place, the value after the name; 0.9.75 copies a name it
        // glued a folded line onto elsewhere in its pool, leaving the value before it.
        collector.pointee.foldedLine(name: name)
    }
    let value = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
    return collector.pointee.add(name: name, value: value) ? .YES : .NO
}
