import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct FormCodecTests {
    @Test(arguments: [
        ("title=Buy+milk", [("title", "Buy milk")]),
        ("a=1&b=2", [("a", "1"), ("b", "2")]),
        ("a=1&a=2", [("a", "1"), ("a", "2")]),
        ("a=%3Cb%3E%26%25", [("a", "<b>&%")]),
        ("caf%C3%A9=cr%c3%a8me", [("café", "crème")]),
        ("plus=%2B&space=%20", [("plus", "+"), ("space", " ")]),
        ("flag", [("flag", "")]),
        ("empty=", [("empty", "")]),
        ("=value", [("", "value")]),
        ("a=1&&b=2&", [("a", "1"), ("b", "2")]),
        ("eq=a=b", [("eq", "a=b")]),
        ("", []),
    ])
    func decodesURLEncodedBodies(_ body: String, _ expected: [(String, String)]) throws {
        let form = try FormCodec().decode(Array(body.utf8))
        #expect(form.fields.map(\.name) == expected.map(\.0))
        #expect(form.fields.map(\.value) == expected.map(\.1))
    }

    @Test(arguments: [
        ("a=%", FormDecodingError.malformedEscape),
        ("a=%4", .malformedEscape),
        ("a=%zz", .malformedEscape),
        ("%G0=1", .malformedEscape),
        ("a=%FF", .invalidUTF8),
        ("a=%C3", .invalidUTF8),
        ("a=%ED%A0%80", .invalidUTF8),
        ("a=%00", .nulByte),
        ("a=x%00y", .nulByte),
        ("a%00=1", .nulByte),
        ("a=x\u{0}y", .nulByte),
    ])
    func refusesMalformedBodies(_ body: String, _ error: FormDecodingError) {
        #expect(throws: error) { try FormCodec().decode(Array(body.utf8)) }
    }

    @Test func enforcesItsLimits() async throws {
        let codec = FormCodec(limits: .init(maxBytes: 64, maxFields: 3, maxFieldBytes: 8))
        #expect(throws: FormDecodingError.tooLarge(limit: 64)) {
            try codec.decode(Array(String(repeating: "a", count: 65).utf8))
        }
        #expect(throws: FormDecodingError.tooManyFields(limit: 3)) { try codec.decode(Array("a&b&c&d".utf8)) }
        #expect(throws: FormDecodingError.fieldTooLarge(limit: 8)) { try codec.decode(Array("a=123456789".utf8)) }
        // Escapes count after decoding: nine %41 decode to nine bytes.
        #expect(throws: FormDecodingError.fieldTooLarge(limit: 8)) {
            try codec.decode(Array(String(repeating: "%41", count: 9).utf8))
        }
        #expect(try codec.decode(Array("a=12345678".utf8))["a"] == "12345678")
    }

    @Test(arguments: ["", "plain", "with space", "a+b&c=d", "<script>&'\"", "ünïcødé ✓", "%41", "line\nbreak"])
    func encodingRoundTrips(_ value: String) throws {
        let form: FormData = ["field name": value, "x": "1"]
        let decoded = try FormCodec().decode(Array(FormCodec.encode(form).utf8))
        #expect(decoded == form)
    }
}
