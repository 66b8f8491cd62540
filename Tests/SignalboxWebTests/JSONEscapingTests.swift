import SignalboxHTTP
import Testing

/// `JSONEscaping.appendQuoted`, with its fast path: a string none of whose UTF-8 bytes may need
/// an escape is appended whole; any other (a control, DEL, `"`, `\`, markup, or a 0xE2 lead
/// byte, which U+2028 and U+2029 share with every scalar from U+2000 to U+2FFF) is escaped
/// scalar by scalar, and only U+2028 and U+2029 of the 0xE2-led scalars are escaped.
@Suite struct JSONEscapingTests {
    /// Every character that is escaped, and its escape.
    static let escapes: [(String, String)] = [
        ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\r", #"\r"#), ("\t", #"\t"#), ("\u{08}", #"\b"#),
        ("\u{0C}", #"\f"#), ("\u{00}", #"\u0000"#), ("\u{01}", #"\u0001"#), ("\u{0B}", #"\u000b"#),
        ("\u{1B}", #"\u001b"#), ("\u{1F}", #"\u001f"#), ("\u{7F}", #"\u007f"#), ("<", #"\u003c"#),
        (">", #"\u003e"#), ("&", #"\u0026"#), ("'", #"\u0027"#), ("\u{2028}", #"\u2028"#),
        ("\u{2029}", #"\u2029"#),
    ]

    /// `text` quoted both ways: into an empty string, and appended after what is already there.
    static func quotedBothWays(_ text: String) -> (quoted: String, appended: String) {
        var output = "{\"k\":"
        JSONEscaping.appendQuoted(text, to: &output)
        return (JSONEscaping.quoted(text), output)
    }

    @Test(arguments: Self.escapes)
    func eachEscapedCharacterIsEscapedAloneAndAnywhereInAString(_ raw: String, _ escaped: String) {
        for (text, expected) in [
            (raw, escaped), ("ab\(raw)cd", "ab\(escaped)cd"), ("\(raw)xyz", "\(escaped)xyz"),
            ("xyz\(raw)", "xyz\(escaped)"), ("\(raw)\(raw)", "\(escaped)\(escaped)"),
            ("é€\(raw)🚀", "é€\(escaped)🚀"),
        ] {
            let (quoted, appended) = Self.quotedBothWays(text)
            #expect(quoted == "\"\(expected)\"")
            #expect(appended == "{\"k\":\"\(expected)\"")
        }
    }

    @Test(arguments: [
        // Nothing to escape: appended whole.
        ("", #""""#),
        ("plain ascii 0-9 A-Z a-z", #""plain ascii 0-9 A-Z a-z""#),
        ("/path/with/slashes?q=1#top%20~!@$*()[]{}", #""/path/with/slashes?q=1#top%20~!@$*()[]{}""#),
        ("ünïcödé 日本語 🚀 👩‍👩‍👧", #""ünïcödé 日本語 🚀 👩‍👩‍👧""#),
        // Led by 0xE2 like U+2028 and U+2029, yet nothing to escape.
        ("€", #""€""#),
        ("5 € … → ‘’“” ✓", #""5 € … → ‘’“” ✓""#),
        ("\u{2027}\u{202A}\u{2000}\u{2FFF}", "\"\u{2027}\u{202A}\u{2000}\u{2FFF}\""),
        // Only U+2028 or U+2029 to escape.
        ("\u{2028}", #""\u2028""#),
        ("\u{2029}", #""\u2029""#),
        ("line\u{2028}separator", #""line\u2028separator""#),
        ("€\u{2028}€\u{2029}…", #""€\u2028€\u2029…""#),
        // A mix.
        ("say \"<hi>\"\n\u{2029}€", #""say \"\u003chi\u003e\"\n\u2029€""#),
    ])
    func stringsAreQuotedExactly(_ text: String, _ expected: String) {
        let (quoted, appended) = Self.quotedBothWays(text)
        #expect(quoted == expected)
        #expect(appended == "{\"k\":" + expected)
        #expect(Array(quoted.utf8) == Array(expected.utf8))
    }

    /// Every scalar up to U+2FFF (all ASCII, all 0xC2…0xE1-led, all 0xE2-led), and some beyond,
    /// alone and between other characters, is escaped exactly when the rules say so.
    @Test func everyScalarUpToU2FFFIsEscapedExactlyWhenItMust() {
        let others: [UInt32] = [0x3000, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF, 0x1_0000, 0x1_F680, 0x10_FFFF]
        var mismatches: [String] = []
        for value in Array(0...0x2FFF) + others {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = Self.escaped(scalar)
            for (text, wanted) in [
                (String(scalar), "\"\(expected)\""), ("a\(scalar)b", "\"a\(expected)b\""),
                ("€\(scalar)é", "\"€\(expected)é\""),
            ] where JSONEscaping.quoted(text) != wanted {
                mismatches.append("U+\(String(value, radix: 16)) in \(text.debugDescription)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// The escaping rules, scalar by scalar (RFC 8259 plus markup, DEL, U+2028 and U+2029).
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        if let short = [
            "\"": #"\""#, "\\": #"\\"#, "\n": #"\n"#, "\r": #"\r"#, "\t": #"\t"#, "\u{08}": #"\b"#,
            "\u{0C}": #"\f"#,
        ][scalar] {
            return short
        }
        if scalar.value < 0x20 || scalar.value == 0x7F || "<>&'\u{2028}\u{2029}".unicodeScalars.contains(scalar) {
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return String(scalar)
    }
}
