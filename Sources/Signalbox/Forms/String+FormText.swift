extension String {
    /// The text without leading and trailing spaces and tabs (what a form field's text is read
    /// as for numbers, dates and choices): ASCII only, without Foundation's bridging.
    var trimmedFormText: String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        if first == utf8.startIndex && last == utf8.index(before: utf8.endIndex) { return self }
        return String(self[first...last])
    }

    /// Whether the text is empty or only whitespace (a blank field): bytes first, characters only
    /// for non-ASCII text.
    var isBlankFormText: Bool {
        for byte in self.utf8 {
            if byte >= 0x80 { return self.allSatisfy { $0.isWhitespace } }
            if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
        }
        return true
    }
}
