/// A port of swift-mustache 2.1.1's parser (`MustacheTemplate.parse`) for the subset the compiler
/// supports: text, `{{x}}`, `{{{x}}}`, `{{&x}}`, sections, inverted sections, comments, partials
/// `{{>name}}`, blocks `{{$name}}` and inheritance `{{<name}}…{{/name}}`. It follows the same
/// standalone-line rules (a line holding only a section, comment, partial or block tag and
/// whitespace disappears), so compiled templates produce the same bytes. Anything else (set
/// delimiters, transforms, dynamic partials, config variables) throws ``CompileError`` and the
/// template is left to swift-mustache.
///
/// Templates reach this parser only after swift-mustache parsed them, so errors here mean
/// "not supported", never "malformed".
struct TemplateParser {
    private let characters: [Character]
    private var position = 0

    init(_ text: String) {
        self.characters = Array(text)
    }

    /// Parses a whole template.
    static func parse(_ text: String) throws -> [TemplateNode] {
        var parser = TemplateParser(text)
        return try parser.parse(section: nil, newLine: true, partialDefinition: false, topLevel: false, indent: nil)
    }

    private var atEnd: Bool { self.position >= self.characters.count }
    private var current: Character { self.characters[self.position] }

    @discardableResult
    private mutating func read(while set: Set<Character>) -> String {
        var text = ""
        while !self.atEnd, set.contains(self.current) {
            text.append(self.current)
            self.position += 1
        }
        return text
    }

    private mutating func skipWhitespace() {
        while !self.atEnd, self.current.isWhitespace { self.position += 1 }
    }

    private mutating func read(string: String) -> Bool {
        let wanted = Array(string)
        guard self.position + wanted.count <= self.characters.count,
            Array(self.characters[self.position..<self.position + wanted.count]) == wanted
        else { return false }
        self.position += wanted.count
        return true
    }

    /// Text up to the next "{{" (consumed) or newline (not consumed).
    private mutating func readUntilDelimiterOrNewline() -> String {
        var text = ""
        while !self.atEnd {
            let character = self.current
            // swift-mustache stops text only at "\n" and "\r\n" (its other newline checks use
            // `isNewline`, which also holds for "\r", "\u{85}", "\u{2028}", …).
            if character == "\n" || character == "\r\n" { break }
            if character == "{" {
                if self.read(string: "{{") { break }
                text.append(character)
                self.position += 1
                continue
            }
            text.append(character)
            self.position += 1
        }
        return text
    }

    private static let nameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*"
    )
    private static let partialNameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/"
    )

    private mutating func parseName() throws -> String {
        self.skipWhitespace()
        let name = self.read(while: Self.nameCharacters)
        self.skipWhitespace()
        guard self.read(string: "}}") else { throw CompileError("unfinished tag") }
        if name.contains("(") || name.contains("*") { throw CompileError("transforms in \(name)") }
        return name
    }

    private mutating func parsePartialName() throws -> String {
        self.skipWhitespace()
        let name = self.read(while: Self.partialNameCharacters)
        self.skipWhitespace()
        guard self.read(string: "}}") else { throw CompileError("unfinished partial tag") }
        if name.hasPrefix("*") { throw CompileError("dynamic partial \(name)") }
        return name
    }

    /// Whether the rest of the line is blank; if so, consumes it and its newline.
    private mutating func hasLineFinished() -> Bool {
        if self.atEnd { return true }
        var probe = self.position
        while probe < self.characters.count, self.characters[probe] == " " || self.characters[probe] == "\t" {
            probe += 1
        }
        // swift-mustache reads `current()` past the end as "\0": blanks up to the end are not standalone.
        if probe < self.characters.count, self.characters[probe].isNewline {
            self.position = probe + 1
            return true
        }
        return false
    }

    private mutating func isStandalone(newLine: Bool) -> Bool {
        newLine && self.hasLineFinished()
    }

    private mutating func parse(
        section: String?,
        newLine initialNewLine: Bool,
        partialDefinition: Bool,
        topLevel: Bool,
        indent: String?
    ) throws -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var newLine = initialNewLine
        var whiteSpaceBefore = ""
        var partialDefinitionIndent = indent  // part of swift-mustache's parser state, copied into sections
        while !self.atEnd {
            if newLine {
                let whiteSpace = self.read(while: [" ", "\t"])
                if partialDefinition, !topLevel {
                    if let indent = partialDefinitionIndent {
                        whiteSpaceBefore = String(whiteSpace.dropFirst(indent.count))
                    } else {
                        partialDefinitionIndent = whiteSpace
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let text = self.readUntilDelimiterOrNewline()
            if !self.atEnd, self.current.isNewline {
                nodes.append(.text(whiteSpaceBefore + text + String(self.current)))
                newLine = true
                self.position += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(whiteSpaceBefore + text))
                whiteSpaceBefore = ""
                newLine = false
            }
            if self.atEnd { break }
            var setNewLine = false
            switch self.current {
            case "#", "^":
                let inverted = self.current == "^"
                self.position += 1
                let name = try self.parseName()
                if self.isStandalone(newLine: newLine) {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                let body = try self.parse(
                    section: name,
                    newLine: setNewLine,
                    partialDefinition: partialDefinition,
                    topLevel: false,
                    indent: partialDefinitionIndent
                )
                nodes.append(.section(name, body: body, inverted: inverted))
            case "/":
                self.position += 1
                let name = try self.parseName()
                guard name == section else { throw CompileError("section close \(name) mismatched") }
                if self.isStandalone(newLine: newLine) {
                    // the caller's line state: swift-mustache returns here and the caller sets
                    // newLine from its own setNewLine (true when the opening tag was standalone)
                } else if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                return nodes
            case "!":
                self.position += 1
                while !self.atEnd, !self.read(string: "}}") { self.position += 1 }
                setNewLine = self.isStandalone(newLine: newLine)
            case "{":
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                self.position += 1
                let name = try self.parseName()
                guard self.read(string: "}") else { throw CompileError("unfinished {{{") }
                nodes.append(.variable(name, escaped: false))
            case "&":
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                self.position += 1
                nodes.append(.variable(try self.parseName(), escaped: false))
            case ">":
                self.position += 1
                self.skipWhitespace()
                let name = try self.parsePartialName()
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                if self.isStandalone(newLine: newLine) {
                    setNewLine = true
                    nodes.append(.partial(name, indentation: whiteSpaceBefore, overrides: nil))
                } else {
                    nodes.append(.partial(name, indentation: nil, overrides: nil))
                }
                whiteSpaceBefore = ""
            case "<":
                self.position += 1
                self.skipWhitespace()
                let name = try self.parsePartialName()
                if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                if self.isStandalone(newLine: newLine) { setNewLine = true }
                let body = try self.parse(
                    section: name,
                    newLine: true,
                    partialDefinition: true,
                    topLevel: true,
                    indent: partialDefinitionIndent
                )
                var overrides: [String: [TemplateNode]] = [:]
                for node in body {
                    switch node {
                    case .blockDefinition(let block, let content): overrides[block] = content
                    case .text: break
                    default: throw CompileError("illegal token inside {{<\(name)}}")
                    }
                }
                nodes.append(.partial(name, indentation: whiteSpaceBefore, overrides: overrides))
                whiteSpaceBefore = ""
            case "$":
                self.position += 1
                let name = try self.parseName()
                if partialDefinition, topLevel {
                    if self.isStandalone(newLine: newLine) { setNewLine = true }
                    let body = try self.parse(
                        section: name,
                        newLine: setNewLine,
                        partialDefinition: partialDefinition,
                        topLevel: false,
                        indent: partialDefinitionIndent
                    )
                    nodes.append(.blockDefinition(name, body: body))
                } else {
                    if !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                    if self.isStandalone(newLine: newLine) { setNewLine = true }
                    let body = try self.parse(
                        section: name,
                        newLine: setNewLine,
                        partialDefinition: partialDefinition,
                        topLevel: false,
                        indent: partialDefinitionIndent
                    )
                    nodes.append(.block(name, body: body, indentation: whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
            case "=", "%":
                throw CompileError("set delimiters and config variables")
            default:
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
                nodes.append(.variable(try self.parseName(), escaped: true))
            }
            newLine = setNewLine
        }
        guard section == nil else { throw CompileError("unclosed section \(section!)") }
        return nodes
    }
}
