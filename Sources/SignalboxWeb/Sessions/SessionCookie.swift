/// Reading the session cookie from a `Cookie` header and writing `Set-Cookie` values.
enum SessionCookie {
    /// Every well-formed session id sent under `name`, in header order.
    ///
    /// Browsers may send several cookies of one name (different paths or a parent domain); the
    /// web layer tries each, so a cookie planted by a sibling subdomain cannot shadow the real one.
    /// Malformed values are skipped: they are never adopted.
    static func candidates(in header: String?, name: String) -> [SessionID] {
        guard let header else { return [] }
        var ids: [SessionID] = []
        // Byte-wise (every delimiter is ASCII): this runs on every request.
        for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
            let trimmed = pair.trimmingSpaces
            guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")) else { continue }
            guard trimmed[..<equals].trimmingSpaces.elementsEqual(name.utf8) else { continue }
            var value = trimmed[trimmed.index(after: equals)...].trimmingSpaces
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = value.dropFirst().dropLast()
            }
            if let id = SessionID(hexDigits: value), !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// The `Set-Cookie` value that stores `id` for the paths under `path` (the app's mount path).
    static func setCookie(name: String, id: SessionID, path: String, secure: Bool) -> String {
        "\(name)=\(id.rawValue); Path=\(path); HttpOnly; SameSite=Lax\(secure ? "; Secure" : "")"
    }
}

extension Substring.UTF8View {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring.UTF8View {
        var result = self
        while let first = result.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            result = result.dropFirst()
        }
        while let last = result.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            result = result.dropLast()
        }
        return result
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
