/// A structured route input as it travels in one path segment: a value, a list `(a,b)` or a
/// record `(id=3,tag=x)`.
///
/// The text form is canonical and readable: values are written as ``PathCodec/encodeInput(_:)``
/// writes any input (so `( ) , =` inside a value are always percent-encoded and can delimit),
/// record fields are sorted by name, absent optionals are left out. `(`, `)`, `,` and `=` are
/// allowed raw in a URL path and browsers never rewrite them.
indirect enum SegmentValue: Equatable {
    /// One value's decoded text (`"3"`, `"a b"`, `"true"`).
    case text(String)
    /// An ordered list; `()` when empty (also an empty record, decoding tells which).
    case list([SegmentValue])
    /// A record's fields, sorted by name when written.
    case record([String: SegmentValue])

    /// How deep a value may nest; deeper input is refused before any decoding.
    static let maxDepth = 16

    // MARK: Writing

    /// The raw (percent-encoded) segment.
    var segment: String {
        var out = ""
        self.write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .text(let text):
            out += PathCodec.encodeInput(text)
        case .list(let items):
            out += "("
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += ")"
        case .record(let fields):
            out += "("
            for (index, name) in fields.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                out += PathCodec.encodeInput(name)
                out += "="
                fields[name]!.write(to: &out)
            }
            out += ")"
        }
    }

    // MARK: Reading

    /// Parses a raw segment; throws with the reason and the position of the first problem.
    init(segment: Substring) throws(InputDecodingError) {
        var reader = Reader(bytes: Array(segment.utf8))
        self = try reader.value(depth: 0)
        guard reader.atEnd else { throw reader.error("unexpected \"\(reader.currentCharacter)\"") }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { self.index == self.bytes.count }
        var current: UInt8? { self.atEnd ? nil : self.bytes[self.index] }
        var currentCharacter: String { self.current.map { String(UnicodeScalar($0)) } ?? "end" }

        func error(_ reason: String) -> InputDecodingError {
            InputDecodingError("\(reason) at character \(self.index + 1)")
        }

        mutating func value(depth: Int) throws(InputDecodingError) -> SegmentValue {
            guard self.current == UInt8(ascii: "(") else { return .text(try self.text()) }
            guard depth < SegmentValue.maxDepth else {
                throw self.error("nested deeper than \(SegmentValue.maxDepth) levels")
            }
            self.index += 1
            if self.current == UInt8(ascii: ")") {
                self.index += 1
                return .list([])
            }
            var items: [SegmentValue] = []
            var fields: [String: SegmentValue] = [:]
            while true {
                let item = try self.value(depth: depth + 1)
                if self.current == UInt8(ascii: "=") {
                    guard case .text(let name) = item else {
                        throw self.error("a field name must be plain text")
                    }
                    guard items.isEmpty else { throw self.error("a list cannot mix values and fields") }
                    self.index += 1
                    guard fields[name] == nil else { throw self.error("the field \"\(name)\" appears twice") }
                    fields[name] = try self.value(depth: depth + 1)
                } else {
                    guard fields.isEmpty else { throw self.error("a record cannot mix fields and values") }
                    items.append(item)
                }
                switch self.current {
                case UInt8(ascii: ","):
                    self.index += 1
                case UInt8(ascii: ")"):
                    self.index += 1
                    return fields.isEmpty ? .list(items) : .record(fields)
                default:
                    throw self.error(self.atEnd ? "missing \")\"" : "expected \",\" or \")\"")
                }
            }
        }

        /// A value's text up to the next delimiter, percent-decoded.
        mutating func text() throws(InputDecodingError) -> String {
            let start = self.index
            while let byte = self.current, !Self.isDelimiter(byte) { self.index += 1 }
            let raw = String(decoding: self.bytes[start..<self.index], as: UTF8.self)
            return try PathCodec.decodeInput(raw[...])
        }

        static func isDelimiter(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ",")
                || byte == UInt8(ascii: "=")
        }
    }
}
