public import Signalbox

/// Decodes and encodes `application/x-www-form-urlencoded` bodies (the WHATWG rules: `&`
/// separates fields, the first `=` separates name and value, `+` is a space, `%XX` is a byte),
/// with limits so a hostile body costs little.
///
/// ```swift
/// let form = try FormCodec(limits: .init()).decode(Array("title=Buy+milk&done=on".utf8))
/// form["title"]   // "Buy milk"
/// ```
public struct FormCodec: Sendable {
    /// Bounds on what a body may hold.
    public struct Limits: Sendable, Hashable {
        /// The largest body, in bytes.
        public var maxBytes: Int
        /// The most fields.
        public var maxFields: Int
        /// The longest decoded name or value, in bytes.
        public var maxFieldBytes: Int

        /// Limits; the defaults match ``WebApp/Configuration``.
        public init(maxBytes: Int = 64 * 1024, maxFields: Int = 100, maxFieldBytes: Int = 32 * 1024) {
            self.maxBytes = maxBytes
            self.maxFields = maxFields
            self.maxFieldBytes = maxFieldBytes
        }
    }

    /// The limits applied by ``decode(_:)``.
    public var limits: Limits

    /// A codec with `limits`.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes a body into fields in order. Empty pairs (`a=1&&b=2`) are skipped; a pair without
    /// `=` is a name with an empty value.
    ///
    /// - Throws: ``FormDecodingError`` — too large, too many fields, a field too long, a bad
    ///   `%` escape, a NUL byte (`%00`; no form control sends one, and stores such as PostgreSQL
    ///   cannot keep it), or bytes that are not UTF-8.
    public func decode(_ body: some Collection<UInt8>) throws(FormDecodingError) -> FormData {
        guard body.count <= self.limits.maxBytes else { throw .tooLarge(limit: self.limits.maxBytes) }
        var form = FormData()
        var count = 0
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            count += 1
            guard count <= self.limits.maxFields else { throw .tooManyFields(limit: self.limits.maxFields) }
            let name: String
            let value: String
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                name = try self.decodeComponent(pair[..<equals])
                value = try self.decodeComponent(pair[pair.index(after: equals)...])
            } else {
                name = try self.decodeComponent(pair[...])
                value = ""
            }
            form.append(name, value)
        }
        return form
    }

    private func decodeComponent(_ raw: some Collection<UInt8>) throws(FormDecodingError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var iterator = raw.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(Self.hexValue),
                    let low = iterator.next().flatMap(Self.hexValue)
                else { throw .malformedEscape }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
            if bytes.count > self.limits.maxFieldBytes { throw .fieldTooLarge(limit: self.limits.maxFieldBytes) }
        }
        if bytes.contains(0) { throw .nulByte }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }

    /// Encodes fields as a body (spaces as `+`, everything but `A–Z a–z 0–9 * - . _` escaped).
    public static func encode(_ form: FormData) -> String {
        form.fields.map { Self.encodeComponent($0.name) + "=" + Self.encodeComponent($0.value) }.joined(separator: "&")
    }

    static func encodeComponent(_ text: String) -> String {
        var result: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                result.append(byte)
            case UInt8(ascii: " "):
                result.append(UInt8(ascii: "+"))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                result += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Why a form body was refused.
public enum FormDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is larger than ``FormCodec/Limits/maxBytes`` (HTTP 413).
    case tooLarge(limit: Int)
    /// More than ``FormCodec/Limits/maxFields`` fields (HTTP 413).
    case tooManyFields(limit: Int)
    /// A decoded name or value is longer than ``FormCodec/Limits/maxFieldBytes`` (HTTP 413).
    case fieldTooLarge(limit: Int)
    /// A `%` not followed by two hex digits (HTTP 400).
    case malformedEscape
    /// The decoded bytes are not UTF-8 (HTTP 400).
    case invalidUTF8
    /// A name or value holds a NUL byte, `%00` (HTTP 400).
    case nulByte

    public var description: String {
        switch self {
        case .tooLarge(let limit): "The form is larger than \(limit) bytes"
        case .tooManyFields(let limit): "The form has more than \(limit) fields"
        case .fieldTooLarge(let limit): "A form field is longer than \(limit) bytes"
        case .malformedEscape: "The form contains a malformed %-escape"
        case .invalidUTF8: "The form is not valid UTF-8"
        case .nulByte: "The form contains a NUL byte (%00)"
        }
    }
}
