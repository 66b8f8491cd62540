public import HTTPTypes

extension HTTPFields {
    /// Adds the headers every Signalbox answer carries, pages and static files alike:
    /// `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin`, `X-Frame-Options: DENY`
    /// and a `Content-Security-Policy` that allows only this site's own scripts, styles and
    /// images, no framing, no plugins, and forms posting only to this site.
    public mutating func addSecurityHeaders() {
        self[.xContentTypeOptions] = "nosniff"
        self[SecurityHeaderNames.referrerPolicy] = "same-origin"
        self[SecurityHeaderNames.xFrameOptions] = "DENY"
        self[.contentSecurityPolicy] =
            "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
    }
}

/// Header names HTTPTypes does not predefine.
package enum SecurityHeaderNames {
    package static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    package static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    package static let xRequestID = HTTPField.Name("X-Request-ID")!
}
