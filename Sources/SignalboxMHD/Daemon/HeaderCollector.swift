import CMicroHTTPD
import HTTPTypes

/// Collects the request's header fields from libmicrohttpd into `HTTPFields`.
///
/// `Host` becomes the request's authority (as other HTTP/1 → HTTPTypes adapters do) instead of a
/// field. The first name that is not a valid field name stops the collection; the request then
/// gets a 400.
struct HeaderCollector {
    var fields = HTTPFields()
    var authority: String?
    var hostCount = 0
    var contentLength: UInt64?
    var invalidName: String?

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
        switch fieldName {
        case .contentLength:
            // libmicrohttpd has already rejected malformed values with 400.
            self.contentLength = UInt64(String(decoding: value, as: UTF8.self))
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
    let value = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
    return collector.pointee.add(name: name, value: value) ? .YES : .NO
}
