extension String {
    /// Appends `text` HTML-escaped exactly as swift-mustache 2.1.1 escapes it (`String.htmlEscape`);
    /// see ``ByteSink/appendHTMLEscaped(_:)``, which does the work.
    mutating func appendHTMLEscaped(_ text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        bytes.appendHTMLEscaped(text)
        self.append(String(decoding: bytes, as: UTF8.self))
    }
}

extension ByteSink {
    /// Appends `text`'s UTF-8 HTML-escaped exactly as swift-mustache 2.1.1 escapes it
    /// (`String.htmlEscape`): `<`, `>`, `&`, `"` and `'` become `&lt;`, `&gt;`, `&amp;`, `&quot;`
    /// and `&#39;` when they are a whole `Character` on their own.
    ///
    /// swift-mustache compares `Character`s, so a quote followed by a combining mark (`'\u{301}`)
    /// or preceded by a prepended mark stays as it is. Between two ASCII bytes (or the ends) a
    /// special byte is always its own `Character`, so the byte-wise path is exact; from the first
    /// special byte next to a non-ASCII byte on, the rest goes through the `Character`-wise path.
    mutating func appendHTMLEscaped(_ text: String) {
        // Not `withUTF8Bytes`: measured slower here, where every value of a page goes through.
        if let done = text.utf8.withContiguousStorageIfAvailable({ self.appendHTMLEscaped(utf8: $0) }) {
            if let fallback = done { self.appendEscapedByCharacter(text, from: fallback) }
            return
        }
        if let fallback = Array(text.utf8).withUnsafeBufferPointer({ self.appendHTMLEscaped(utf8: $0) }) {
            self.appendEscapedByCharacter(text, from: fallback)
        }
    }

    /// The byte-wise path over a text's UTF-8; returns the byte offset where the
    /// `Character`-wise path must take over, if it must.
    private mutating func appendHTMLEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // The five special bytes are all below 64: one shift and test per byte finds them.
        let special: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        var chunk = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 64, special & (1 << UInt64(byte)) != 0 else {
                index += 1
                continue
            }
            let replacement: StaticString =
                switch byte {
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "\""): "&quot;"
                default: "&#39;"
                }
            if (index > 0 && bytes[index - 1] >= 0x80) || (index + 1 < bytes.count && bytes[index + 1] >= 0x80) {
                return chunk  // grapheme clusters may join the special character with its neighbour
            }
            self.append(bytes: UnsafeBufferPointer(rebasing: bytes[chunk..<index]))
            replacement.withUTF8Buffer { self.append(bytes: $0) }
            index += 1
            chunk = index
        }
        self.append(bytes: UnsafeBufferPointer(rebasing: bytes[chunk...]))
        return nil
    }

    /// swift-mustache's `Character`-wise escaping of `text` from byte offset `fallback`, which
    /// follows an ASCII byte (or is the start): a scalar boundary.
    private mutating func appendEscapedByCharacter(_ text: String, from fallback: Int) {
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: fallback)
        self.append(utf8: Substring(text.unicodeScalars[start...]).escapedByCharacter)
    }
}

extension Substring {
    /// swift-mustache's own algorithm: one `Character` at a time.
    fileprivate var escapedByCharacter: String {
        var escaped = ""
        escaped.reserveCapacity(self.utf8.count)
        for character in self {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
