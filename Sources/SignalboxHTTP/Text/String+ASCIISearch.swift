extension StringProtocol {
    /// Whether the UTF-8 of `needle` (ASCII) occurs in this text, byte for byte. For the few
    /// checks every request makes (`%2F`, `%00`): `contains(_:)` on strings goes through the
    /// generic collection search of `_StringProcessing`, measured at several percent of a request.
    package func containsASCII(_ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { needle in
            let haystack = self.utf8
            guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
            var index = haystack.startIndex
            while let found = haystack[index...].firstIndex(of: first) {
                if haystack[found...].starts(with: needle) { return true }
                index = haystack.index(after: found)
            }
            return false
        }
    }
}
