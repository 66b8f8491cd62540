import HTTPTypes

extension StaticFiles {
    /// A `200` with the file (no body for `HEAD`), or a `304` when the client's copy is current.
    func serve(path: String, request: Request) -> Response? {
        guard let file = FileSystem.OpenFile(path: path), file.info.isRegular else { return nil }
        let info = file.info
        guard info.size <= self.configuration.maxFileSize else {
            return Self.error(.notFound, "not found", for: request)
        }
        var fields = HTTPFields()
        let eTag = Self.eTag(for: info)
        fields[.eTag] = eTag
        fields[.lastModified] = HTTPDate.format(info.modifiedSeconds)
        if let cacheControl = self.configuration.cacheControl {
            fields[.cacheControl] = cacheControl
        }
        // The length of the full response, also on HEAD and 304 (RFC 9110 §8.6).
        fields[.contentLength] = String(info.size)
        if Self.isNotModified(request.headerFields, eTag: eTag, modifiedSeconds: info.modifiedSeconds) {
            return Response(status: .notModified, headerFields: fields)
        }
        fields[.contentType] = MediaType.forExtension(Self.fileExtension(of: path))
        fields[.xContentTypeOptions] = "nosniff"
        if request.method == .head {
            return Response(status: .ok, headerFields: fields)
        }
        guard let body = file.readAll() else {
            return Self.error(.internalServerError, "the file could not be read", for: request)
        }
        return Response(status: .ok, headerFields: fields, body: body)
    }

    /// A strong validator from size and modification time (like nginx): `"<size>-<seconds><nanoseconds>"` in hex.
    static func eTag(for info: FileSystem.Info) -> String {
        "\"\(String(info.size, radix: 16))-\(String(info.modifiedSeconds, radix: 16))\(String(info.modifiedNanoseconds, radix: 16))\""
    }

    /// RFC 9110 §13.1.2–3: `If-None-Match` (weak comparison) wins; otherwise `If-Modified-Since`.
    static func isNotModified(_ fields: HTTPFields, eTag: String, modifiedSeconds: Int) -> Bool {
        if let ifNoneMatch = fields[.ifNoneMatch] {
            for candidate in ifNoneMatch.split(separator: ",") {
                var tag = candidate.trimmingWhitespace()
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                if tag == eTag { return true }
            }
            return false
        }
        if let ifModifiedSince = fields[.ifModifiedSince], let since = HTTPDate.parse(ifModifiedSince) {
            return modifiedSeconds <= since
        }
        return false
    }

    static func fileExtension(of path: String) -> String {
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: "."), dot != name.startIndex
        else { return "" }
        return String(name[name.index(after: dot)...])
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var slice = self
        while slice.first == " " || slice.first == "\t" { slice.removeFirst() }
        while slice.last == " " || slice.last == "\t" { slice.removeLast() }
        return slice
    }
}
