import HTTPTypes
import SignalboxHTTP

/// Refuses cross-site POSTs using what browsers send: `Sec-Fetch-Site` must be `same-origin` or
/// `none` when present, and `Origin` must be the request's own origin (or a trusted one) when
/// present. Clients that send neither (curl, old browsers) pass here and still need the CSRF
/// token.
///
/// An origin is scheme, host and port: `https://host` is not the origin of a plain-HTTP request
/// to `host`. The request's public scheme is `https` when the app marks its cookies `Secure`
/// (it is served over TLS, often by a proxy that forwards plain HTTP), else the scheme the
/// server reports, else `http`.
struct OriginPolicy: Sendable {
    let trustedOrigins: Set<String>
    let isSecure: Bool

    init(trustedOrigins: [String], secure: Bool) {
        self.trustedOrigins = Set(trustedOrigins.map { Self.normalise(origin: $0.lowercased()) })
        self.isSecure = secure
    }

    func permits(_ request: Request) -> Bool {
        if let site = request.headerFields.combinedValue(FieldNames.secFetchSite) {
            let site = site.lowercased()
            guard site == "same-origin" || site == "none" else { return false }
        }
        guard let origin = request.headerFields.combinedValue(.origin) else { return true }
        return self.isSameOrigin(origin.lowercased(), request)
    }

    private func isSameOrigin(_ origin: String, _ request: Request) -> Bool {
        let origin = Self.normalise(origin: origin)
        if self.trustedOrigins.contains(origin) { return true }
        guard let (scheme, host) = Self.split(origin) else { return false }
        guard let authority = request.head.authority?.lowercased() else { return false }
        let requestScheme = self.isSecure ? "https" : request.head.scheme?.lowercased() ?? "http"
        guard scheme == requestScheme else { return false }
        return Self.stripDefaultPort(host, scheme: scheme) == Self.stripDefaultPort(authority[...], scheme: scheme)
    }

    private static func normalise(origin: String) -> String {
        guard let (scheme, found) = Self.split(origin) else { return origin }
        var host = found
        if host.hasSuffix("/") { host = host.dropLast() }
        return scheme + "://" + Self.stripDefaultPort(host, scheme: scheme)
    }

    /// `scheme://host` → (`scheme`, `host`).
    private static func split(_ origin: String) -> (Substring, Substring)? {
        guard let colon = origin.firstIndex(of: ":") else { return nil }
        let rest = origin[origin.index(after: colon)...]
        guard rest.hasPrefix("//") else { return nil }
        return (origin[..<colon], rest.dropFirst(2))
    }

    private static func stripDefaultPort(_ host: Substring, scheme: Substring) -> Substring {
        let port = scheme == "https" ? ":443" : scheme == "http" ? ":80" : nil
        if let port, host.hasSuffix(port) { return host.dropLast(port.count) }
        return host
    }
}
