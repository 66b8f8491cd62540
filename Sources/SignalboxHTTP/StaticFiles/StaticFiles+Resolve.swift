extension StaticFiles {
    /// What a request target means for the root folder.
    enum Resolution: Equatable {
        /// Not a file here: the fallback answers.
        case notAFile
        /// A traversal attempt or malformed path.
        case badRequest(String)
        /// Names something that exists but must not be served (a link out of the root).
        case notFound
        /// A regular file inside the root, by its resolved path.
        case file(String)
    }

    /// Maps a raw request target to a file inside the root, refusing every way out of it.
    func resolve(target: String, root: String) -> Resolution {
        guard target.utf8.first == UInt8(ascii: "/") else { return .notAFile }  // `*`, absolute-form
        var path = Substring(target)
        if let query = path.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            path = path[..<query]
        }
        let prefix =
            self.configuration.urlPrefix.hasSuffix("/")
            ? String(self.configuration.urlPrefix.dropLast()) : self.configuration.urlPrefix
        if !prefix.isEmpty {
            guard path == prefix || path.hasPrefix(prefix + "/") else { return .notAFile }
            path = path.dropFirst(prefix.count)
        }

        guard let decoded = PercentDecoding.decode(path.utf8) else {
            return .badRequest("invalid percent-encoding in the path")
        }
        if decoded.contains(0) {
            return .badRequest("NUL byte in the path")
        }
        if decoded.contains(UInt8(ascii: "\\")) {
            return .badRequest("backslash in the path")
        }
        let segments = decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if segments.contains(where: { $0.elementsEqual([0x2E]) || $0.elementsEqual([0x2E, 0x2E]) }) {
            return .badRequest("dot segment in the path")
        }
        // An encoded slash cannot name a file; it may mean something to the app (`/todos/a%2Fb`).
        if path.containsASCII("%2F") || path.containsASCII("%2f") {
            return .notAFile
        }
        var names: [String] = []
        for segment in segments where !segment.isEmpty {
            // Dot-files (.git, .env) and editors' leftovers are never served; names must be valid UTF-8.
            guard segment.first != 0x2E, let name = String(validating: segment, as: UTF8.self),
                !Self.isBackupOrSwapFile(name)
            else {
                return .notAFile
            }
            // Most app paths stop here: nothing at the top of the root has their first segment's name.
            if names.isEmpty, let listing = self.listing, !listing.contains(name) { return .notAFile }
            names.append(name)
        }
        let candidate = names.isEmpty ? root : root + "/" + names.joined(separator: "/")
        switch self.contained(candidate, root: root) {
        case .file(let file):
            return .file(file)
        case .directory(let directory):
            guard decoded.last == UInt8(ascii: "/"), let index = self.configuration.indexFile else { return .notAFile }
            if case .file(let file) = self.contained(directory + "/" + index, root: root) {
                return .file(file)
            }
            return .notAFile
        case .outside:
            return .notFound
        case .missing:
            return .notAFile
        }
    }

    /// Editors' backup, swap and merge leftovers: `app.css~`, `#app.css#`, `app.css.bak`,
    /// `.app.css.swp` (a dot-file anyway), `app.css.orig`, `app.css.rej`.
    static func isBackupOrSwapFile(_ name: String) -> Bool {
        if name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#")) { return true }
        let lowered = name.lowercased()
        return [".bak", ".swp", ".swo", ".orig", ".rej", ".tmp"].contains { lowered.hasSuffix($0) }
    }

    private enum Containment {
        case file(String)
        case directory(String)
        case outside
        case missing
    }

    /// Resolves symbolic links and checks the result is still inside the root.
    private func contained(_ path: String, root: String) -> Containment {
        guard let resolved = FileSystem.realPath(path) else { return .missing }
        guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            return .outside
        }
        switch FileSystem.kind(of: resolved) {
        case .regular: return .file(resolved)
        case .directory: return .directory(resolved)
        case .other, .missing: return .missing
        }
    }
}

/// Percent-decoding of a raw path (RFC 3986 §2.1). `+` stays `+`.
enum PercentDecoding {
    /// The decoded bytes, or `nil` for a `%` not followed by two hex digits.
    static func decode(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue)
            else {
                return nil
            }
            result.append(high << 4 | low)
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
