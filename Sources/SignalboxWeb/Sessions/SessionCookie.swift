/// Reading the session cookie from a `Cookie` header and writing `Set-Cookie` values.
enum SessionCookie {
    /// The most distinct session ids of one request that are looked up: a browser sends one, or
    /// a few (a cookie per path, one planted by a sibling domain); a header holding a hundred
    /// would otherwise cost a hundred store look-ups (on PostgreSQL, 131 ms per request).
    static let maxCandidates = 4

    /// The first ``maxCandidates`` distinct well-formed session ids sent under `name`, in header
    /// order.
    ///
    /// Browsers may send several cookies of one name (different paths or a parent domain); the
    /// web layer tries each, so a cookie planted by a sibling subdomain cannot shadow the real one.
    /// Malformed values are skipped: they are never adopted.
    static func candidates(in header: String?, name: String) -> [SessionID] {
        guard let header else { return [] }
        // Byte-wise over the header's UTF-8 in place (every delimiter is ASCII): this runs on
        // every request.
        return header.withUTF8Bytes { Self.candidates(in: $0, name: name) }
    }

    private static func candidates(in header: UnsafeBufferPointer<UInt8>, name: String) -> [SessionID] {
        var ids: [SessionID] = []
        var start = header.startIndex
        while start < header.endIndex {
            let end = header[start...].firstIndex(of: UInt8(ascii: ";")) ?? header.endIndex
            defer { start = end + 1 }
            let pair = Self.trimmingSpaces(header[start..<end])
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let pairName = Self.trimmingSpaces(pair[..<equals])
            guard name.withUTF8Bytes({ pairName.hasSameBytes(as: $0) }) else { continue }
            var value = Self.trimmingSpaces(pair[(equals + 1)...])
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = value.dropFirst().dropLast()
            }
            if let id = SessionID(hexDigits: value), !ids.contains(id) {
                ids.append(id)
                if ids.count == Self.maxCandidates { break }
            }
        }
        return ids
    }

    /// `bytes` without leading and trailing spaces and tabs.
    private static func trimmingSpaces(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Slice<UnsafeBufferPointer<UInt8>> {
        var result = bytes
        while let first = result.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            result = result.dropFirst()
        }
        while let last = result.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            result = result.dropLast()
        }
        return result
    }

    /// The `Set-Cookie` value that stores `id` for the paths under `path` (the app's mount path).
    static func setCookie(name: String, id: SessionID, path: String, secure: Bool) -> String {
        "\(name)=\(id.rawValue); Path=\(path); HttpOnly; SameSite=Lax\(secure ? "; Secure" : "")"
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
