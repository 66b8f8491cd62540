/// The one JSON string escaper of every Signalbox JSON answer (the web layer's and the server's
/// own errors): RFC 8259 (quotes, backslashes, every control character) and, so that JSON can
/// never be mistaken for markup or break a script, `<`, `>`, `&`, `'`, U+2028 and U+2029 as
/// `\u` escapes.
package enum JSONEscaping {
    private static let hex: [Character] = Array("0123456789abcdef")

    /// Appends `text` as a quoted JSON string.
    package static func appendQuoted(_ text: String, to output: inout String) {
        output.append("\"")
        if !Self.needsEscaping(text) {
            output += text
            output.append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                Self.appendUnicodeEscape(scalar, to: &output)
            case _ where Self.isMarkupSensitive(scalar):
                Self.appendUnicodeEscape(scalar, to: &output)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }

    /// `text` as a quoted JSON string.
    package static func quoted(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 2)
        Self.appendQuoted(text, to: &output)
        return output
    }

    /// Valid JSON written by another encoder (`JSONEncoder`), with the markup-sensitive characters
    /// escaped as ``appendQuoted(_:to:)`` escapes them. They can only occur inside strings in
    /// valid JSON, so escaping them anywhere in the text keeps its meaning.
    package static func escapingMarkup(inJSON text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if Self.isMarkupSensitive(scalar) {
                Self.appendUnicodeEscape(scalar, to: &escaped)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether any UTF-8 byte of `text` may need an escape: controls, DEL, `"`, `\\`, the markup
    /// characters, or 0xE2 (the lead byte of U+2028 and U+2029). Most names and paths have none,
    /// and are then appended whole.
    private static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case 0x00...0x1F, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                    UInt8(ascii: "&"), UInt8(ascii: "'"), 0xE2:
                    return true
                default:
                    continue
                }
            }
            return false
        }
    }

    private static func isMarkupSensitive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "<", ">", "&", "'", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    private static func appendUnicodeEscape(_ scalar: Unicode.Scalar, to output: inout String) {
        output += "\\u"
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(Self.hex[Int((scalar.value >> UInt32(shift)) & 0xF)])
        }
    }
}
