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
    static let clearSiteData = HTTPField.Name("Clear-Site-Data")!
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let xRequestID = SecurityHeaderNames.xRequestID
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
