import Foundation

/// A value one form field holds as text: what ``FormDecoder`` parses and ``FormSchema`` probes.
///
/// The standard library's strings, integers, floating-point numbers and `Bool`, and `Date`, are
/// leaves; a `CaseIterable` `RawRepresentable` enum is a choice (see ``FormChoice``).
protocol FormLeafValue: Decodable {
    /// What kind of input shows the value.
    static var formKind: FormSchema.Kind { get }
    /// The value of `text` (never blank), or the message saying what to enter.
    static func parse(_ text: String, options: FormDecoder) -> Result<Self, FormFieldError>
    /// The value an absent field decodes to when the type is not optional; `nil` when an
    /// absent field is an error ("This field is required.").
    static var absentValue: Self? { get }
    /// A stand-in while decoding goes on past this field's error.
    static var placeholder: Self { get }
    /// A value unique to field `index` of a schema probe, or (types with few values) the value
    /// for bit `bit` of `index + 1`: see ``FormSchema``.
    static func probe(index: Int, bit: Int) -> Self
}

/// A message for one field: why its text is not a value of its type or breaks a rule.
struct FormFieldError: Error, Sendable, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

extension FormLeafValue {
    static var absentValue: Self? { nil }
}

extension String: FormLeafValue {
    static var formKind: FormSchema.Kind { .text }
    static func parse(_ text: String, options: FormDecoder) -> Result<String, FormFieldError> { .success(text) }
    static var placeholder: String { "" }
    static func probe(index: Int, bit: Int) -> String { "\u{1}field-\(index)" }
}

extension Bool: FormLeafValue {
    static var formKind: FormSchema.Kind { .checkbox }
    /// A checkbox sends `on` (or its `value`) when checked and nothing when not.
    static func parse(_ text: String, options: FormDecoder) -> Result<Bool, FormFieldError> {
        switch text.trimmedFormText.lowercased() {
        case "on", "true", "1", "yes": .success(true)
        case "off", "false", "0", "no": .success(false)
        default: .failure(FormFieldError("Choose yes or no."))
        }
    }
    static var absentValue: Bool? { false }
    static var placeholder: Bool { false }
    static func probe(index: Int, bit: Int) -> Bool { (index + 1) >> bit & 1 == 1 }
}

extension Date: FormLeafValue {
    static var formKind: FormSchema.Kind { .date }
    static func parse(_ text: String, options: FormDecoder) -> Result<Date, FormFieldError> {
        guard let date = FormDates.date(from: text.trimmedFormText, in: options.timeZone) else {
            return .failure(FormFieldError("Enter a date as YYYY-MM-DD, such as 2026-03-31."))
        }
        return .success(date)
    }
    static var placeholder: Date { Date(timeIntervalSince1970: 0) }
    static func probe(index: Int, bit: Int) -> Date { Date(timeIntervalSince1970: Double(index + 1) * 86_400) }
}

/// Integers: decimal digits with an optional sign.
protocol FormIntegerLeaf: FormLeafValue, FixedWidthInteger {}

extension FormIntegerLeaf {
    static var formKind: FormSchema.Kind { .integer }
    static func parse(_ text: String, options: FormDecoder) -> Result<Self, FormFieldError> {
        let trimmed = text.trimmedFormText
        if let value = Self(trimmed, radix: 10) { return .success(value) }
        var digits = trimmed.utf8[...]
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        if !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return .failure(FormFieldError("Enter a whole number from \(Self.min) to \(Self.max)."))
        }
        return .failure(FormFieldError("Enter a whole number."))
    }
    static var placeholder: Self { 0 }
    static func probe(index: Int, bit: Int) -> Self { Self(truncatingIfNeeded: index + 1) }
}

extension Int: FormIntegerLeaf {}
extension Int8: FormIntegerLeaf {}
extension Int16: FormIntegerLeaf {}
extension Int32: FormIntegerLeaf {}
extension Int64: FormIntegerLeaf {}
extension UInt: FormIntegerLeaf {}
extension UInt8: FormIntegerLeaf {}
extension UInt16: FormIntegerLeaf {}
extension UInt32: FormIntegerLeaf {}
extension UInt64: FormIntegerLeaf {}

/// Floating-point numbers: finite decimals (`1.5`, `-2`, `1e3`); `nan` and `inf` are refused.
protocol FormFloatingLeaf: FormLeafValue, BinaryFloatingPoint, LosslessStringConvertible {}

extension FormFloatingLeaf {
    static var formKind: FormSchema.Kind { .number }
    static func parse(_ text: String, options: FormDecoder) -> Result<Self, FormFieldError> {
        let trimmed = text.trimmedFormText
        let isDecimal = trimmed.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e")
                || $0 == UInt8(ascii: "E")
        }
        guard isDecimal, let value = Self(trimmed), value.isFinite else {
            return .failure(FormFieldError("Enter a number."))
        }
        return .success(value)
    }
    static var placeholder: Self { 0 }
    static func probe(index: Int, bit: Int) -> Self { Self(index + 1) }
}

extension Double: FormFloatingLeaf {}
extension Float: FormFloatingLeaf {}

extension Decimal: FormLeafValue {
    static var formKind: FormSchema.Kind { .number }
    /// A decimal number written with a dot (`12.50`), exact (money, say).
    static func parse(_ text: String, options: FormDecoder) -> Result<Decimal, FormFieldError> {
        let trimmed = text.trimmedFormText
        let isDecimal =
            !trimmed.isEmpty
            && trimmed.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")
            }
        guard isDecimal, let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else { return .failure(FormFieldError("Enter a number.")) }
        return .success(value)
    }
    static var placeholder: Decimal { 0 }
    static func probe(index: Int, bit: Int) -> Decimal { Decimal(index + 1) }
}

extension UUID: FormLeafValue {
    static var formKind: FormSchema.Kind { .text }
    static func parse(_ text: String, options: FormDecoder) -> Result<UUID, FormFieldError> {
        guard let value = UUID(uuidString: text.trimmedFormText) else {
            return .failure(FormFieldError("Enter a valid identifier."))
        }
        return .success(value)
    }
    static var placeholder: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    static func probe(index: Int, bit: Int) -> UUID {
        let byte = UInt8(truncatingIfNeeded: index + 1)
        return UUID(uuid: (byte, byte >> 8, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, byte))
    }
}
