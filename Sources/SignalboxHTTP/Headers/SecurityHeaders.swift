public import HTTPTypes

extension HTTPFields {
    /// Adds the headers every Signalbox answer carries, pages and static files alike:
    /// `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin`, `X-Frame-Options: DENY`
    /// and a `Content-Security-Policy` that allows only this site's own scripts, styles and
    /// images, no framing, no plugins, and forms posting only to this site.
    public mutating func addSecurityHeaders() {
        self.addFields(Self.securityFields)
    }

    /// The security headers, made (and validated) once.
    private static let securityFields: [HTTPField] = [
        HTTPField(name: .xContentTypeOptions, value: "nosniff"),
        HTTPField(name: SecurityHeaderNames.referrerPolicy, value: "same-origin"),
        HTTPField(name: SecurityHeaderNames.xFrameOptions, value: "DENY"),
        HTTPField(
            name: .contentSecurityPolicy,
            value: "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
        ),
    ]

    /// Sets each of `fields`, replacing any field of the same name. Appended as they are when
    /// none is set yet (the usual case: one scan, no value validated again).
    package mutating func addFields(_ fields: [HTTPField]) {
        if fields.contains(where: { self.hasField(named: $0.name) }) {
            for field in fields { self[field.name] = nil }
        }
        self.append(contentsOf: fields)
    }

    /// Whether a field is named `name`: `contains(_:)`, with names of other lengths told apart
    /// before their texts are compared (a comparison of two different names costs tens of
    /// instructions, and every answer checks its standard headers against those it has).
    package func hasField(named name: HTTPField.Name) -> Bool {
        let length = name.canonicalName.utf8.count
        return self.contains { $0.name.canonicalName.utf8.count == length && $0.name == name }
    }
}

/// Header names HTTPTypes does not predefine.
package enum SecurityHeaderNames {
    package static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    package static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    package static let xRequestID = HTTPField.Name("X-Request-ID")!
}
