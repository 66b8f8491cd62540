/// Finds the partials a template names (`{{>name}}`, and `{{<name}}` for inheritance), so a
/// renderer can refuse at start-up a template that names one that does not exist — swift-mustache
/// would render a missing partial as nothing (a form without its CSRF field, say).
///
/// Reads tags with the default delimiters; dynamic partials (`{{>*name}}`) are not checked.
enum PartialReferences {
    /// Each referenced name with its 1-based line and column and the line's text.
    static func find(in text: String) -> [(name: String, line: Int, column: Int, sourceLine: String)] {
        var found: [(name: String, line: Int, column: Int, sourceLine: String)] = []
        for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.firstRange(of: "{{") {
                let afterOpen = rest[open.upperBound...]
                guard let kind = afterOpen.first, kind == ">" || kind == "<" else {
                    rest = afterOpen
                    continue
                }
                let nameStart = afterOpen.dropFirst()
                guard let close = nameStart.firstRange(of: "}}") else { break }
                let name = nameStart[..<close.lowerBound].trimmingSpaces
                if !name.isEmpty, !name.hasPrefix("*") {
                    let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                    found.append((String(name), lineIndex + 1, column, String(line)))
                }
                rest = nameStart[close.upperBound...]
            }
        }
        return found
    }

    /// Throws for the first reference (in name order) to a template not in `names`.
    static func check(_ sources: [String: (file: String, text: String)]) throws(TemplateError) {
        for name in sources.keys.sorted() {
            let source = sources[name]!
            for reference in Self.find(in: source.text) where sources[reference.name] == nil {
                throw TemplateError(
                    file: source.file,
                    line: reference.line,
                    column: reference.column,
                    reason:
                        "there is no template \"\(reference.name)\" (a partial that does not exist renders as nothing)",
                    sourceLine: reference.sourceLine
                )
            }
        }
    }
}
