import Signalbox

/// Where a page puts the focus when the user came back from one of its screen's children
/// (``Signalbox/ReturnedChild``): the rendered screen's element with the id the screen names
/// (``Signalbox/Screen/returnFocusID(for:)``), else its first link to the child's URL, gets
/// `autofocus`. Browsers focus it as the page loads and scroll it into view, scripts or not,
/// and screen readers announce it.
enum ReturnFocus {
    /// Adds `autofocus` to the element of `html` whose `id` is `id` (when given), else to the
    /// first `<a>` whose `href` is `url`; returns whether one was found.
    @discardableResult
    static func mark(_ html: inout [UInt8], id: String?, url: String) -> Bool {
        if let id { return self.mark(&html, attribute: "id", value: id, tag: nil) }
        return self.mark(&html, attribute: "href", value: url, tag: "a")
    }

    /// Adds `autofocus` after the tag name of the first element (of `tag`, when given) with
    /// `attribute="value"` (double quotes, as the renderer escapes `value`).
    private static func mark(_ html: inout [UInt8], attribute: String, value: String, tag: String?) -> Bool {
        var needle = Array(attribute.utf8)
        needle.append(UInt8(ascii: "="))
        needle.append(UInt8(ascii: "\""))
        needle.appendHTMLEscaped(value)
        needle.append(UInt8(ascii: "\""))
        var start = 0
        while let found = self.firstIndex(of: needle, in: html, from: start) {
            start = found + needle.count
            // An attribute: after white space, and followed by white space or the tag's end.
            guard found > 0, self.isSpace(html[found - 1]), start < html.count,
                self.isSpace(html[start]) || html[start] == UInt8(ascii: ">") || html[start] == UInt8(ascii: "/")
            else { continue }
            guard let nameEnd = self.tagNameEnd(before: found, in: html, tag: tag) else { continue }
            html.insert(contentsOf: " autofocus".utf8, at: nameEnd)
            return true
        }
        return false
    }

    /// The end of the tag name of the tag that `position` is inside, if it is inside one (of
    /// `tag`, when given, compared without case).
    private static func tagNameEnd(before position: Int, in html: [UInt8], tag: String?) -> Int? {
        var index = position - 1
        while index >= 0 {
            switch html[index] {
            case UInt8(ascii: ">"): return nil  // text, not a tag
            case UInt8(ascii: "<"):
                var end = index + 1
                while end < position, !self.isSpace(html[end]) { end += 1 }
                guard end > index + 1 else { return nil }
                if let tag {
                    let name = html[(index + 1)..<end].map { $0 | 0x20 }  // ASCII lowercase
                    guard name.elementsEqual(tag.utf8) else { return nil }
                }
                return end
            default: index -= 1
            }
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in html: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, html.count >= needle.count else { return nil }
        var index = start
        let last = html.count - needle.count
        while index <= last {
            if html[index] == first, html[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r") || byte == 0x0C
    }
}
