import HTTPTypes
import SignalboxHTTP

extension Response {
    /// An HTML page.
    static func html(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    /// An HTML page already encoded as UTF-8.
    static func html(_ status: HTTPResponse.Status, bytes: [UInt8]) -> Response {
        Response(status: status, headerFields: HTTPFields(Self.htmlContentType), body: bytes)
    }

    /// `Content-Type: text/html; charset=utf-8`, made once.
    private static let htmlContentType = [HTTPField(name: .contentType, value: "text/html; charset=utf-8")]

    /// A JSON document.
    static func json(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(status: status, contentType: "application/json", body: body)
    }

    /// A screen's file, as an attachment: the browser saves it and never shows it in the page's
    /// origin (with `nosniff` from the standard headers, its type is never guessed), kept by no
    /// cache. The filename is sent as ASCII (others replaced by `_`) and as UTF-8 (`filename*`).
    static func download(_ download: Download) -> Response {
        var fields = HTTPFields()
        let type = download.contentType.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && !download.contentType.isEmpty
        fields[.contentType] = type ? download.contentType : "application/octet-stream"
        fields[.contentDisposition] = Self.attachment(download.filename)
        fields[.cacheControl] = "private, no-store"
        return Response(status: .ok, headerFields: fields, body: download.bytes)
    }

    /// `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266).
    static func attachment(_ filename: String) -> String {
        let name = filename.isEmpty ? "download" : filename
        let ascii = String(
            decoding: name.utf8.map { byte in
                (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                    ? byte : UInt8(ascii: "_")
            },
            as: UTF8.self
        )
        var encoded = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }

    /// `303 See Other` to a path of this site (Post/Redirect/Get).
    static func seeOther(_ location: String) -> Response {
        var fields = HTTPFields()
        fields[.location] = location
        return Response(status: .seeOther, headerFields: fields)
    }

    /// The headers every Signalbox response carries. Pages are `no-store` by default: they
    /// belong to one session, and Chromium's back/forward cache restores a `no-cache` page
    /// without asking the server, so Back after logout would show the signed-in page (measured;
    /// `Clear-Site-Data: "cache"` on the logout answer did not prevent it over plain HTTP). A
    /// `no-store` page is fetched again once the session cookie changed, as it does at logout
    /// (rotation). See ``PageCaching``.
    mutating func addStandardHeaders(caching: PageCaching) {
        var fields = self.headerFields
        if !fields.hasField(named: .cacheControl) { fields.append(caching.cacheControlField) }
        fields.addFields(Self.varyField)
        fields.addSecurityHeaders()
        self.headerFields = fields
    }

    /// `Vary: Accept, Cookie`, made once.
    private static let varyField = [HTTPField(name: .vary, value: "Accept, Cookie")]
}

/// Header names HTTPTypes does not predefine.
enum FieldNames {
    static let xCSRFToken = HTTPField.Name("X-CSRF-Token")!
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let secFetchMode = HTTPField.Name("Sec-Fetch-Mode")!
    static let clearSiteData = HTTPField.Name("Clear-Site-Data")!
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let xRequestID = SecurityHeaderNames.xRequestID
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    /// Sent by the page script when it fetches a live page again (`refresh`).
    static let signalboxLive = HTTPField.Name("Signalbox-Live")!
    static let xAccelBuffering = HTTPField.Name("X-Accel-Buffering")!
}

/// Whether `location` is a path on this site that is safe to redirect to: it starts with one
/// `/` (not `//`, which browsers read as another host), has no backslash and no control
/// characters.
func isSafeLocalPath(_ location: String) -> Bool {
    let bytes = Array(location.utf8)
    guard bytes.first == UInt8(ascii: "/") else { return false }
    if bytes.count > 1, bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") { return false }
    return !bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }
}
