/// Where a compiled template writes: a `String` (a screen's HTML, which becomes a view-model
/// value of the page around it) or a ``UTF8Writer`` (the page itself, written into the storage of
/// the response body's byte array, never turned into a `String` and validated again).
protocol TemplateOutput {
    /// The output's size in UTF-8 bytes.
    var utf8Count: Int { get }
    /// Appends a template's literal text (UTF-8 that came from a `String`).
    mutating func append(literal bytes: UnsafeBufferPointer<UInt8>)
    /// Appends a value's text as it is.
    mutating func append(raw text: String)
    /// Appends a value's text HTML-escaped as swift-mustache escapes it.
    mutating func append(escaped text: String)
    /// Appends a number in decimal.
    mutating func append(decimal number: Int)
    /// Appends UTF-8 that is already HTML (a rendered fragment).
    mutating func append(fragment bytes: [UInt8])
}

/// A template's literal text: where its UTF-8 is in the template's
/// ``CompiledTemplate/literalBytes`` (plain integers, so reading one touches no reference count).
struct Literal: Sendable {
    let start: Int
    let count: Int
}

extension String: TemplateOutput {
    var utf8Count: Int { self.utf8.count }
    mutating func append(literal bytes: UnsafeBufferPointer<UInt8>) {
        self.append(String(decoding: bytes, as: UTF8.self))
    }
    mutating func append(raw text: String) { self.append(text) }
    mutating func append(escaped text: String) { self.appendHTMLEscaped(text) }
    mutating func append(decimal number: Int) { self.append(String(number)) }
    mutating func append(fragment bytes: [UInt8]) { self.append(String(decoding: bytes, as: UTF8.self)) }
}

extension UTF8Writer: TemplateOutput {
    var utf8Count: Int { self.count }
    mutating func append(literal bytes: UnsafeBufferPointer<UInt8>) { self.append(bytes: bytes) }
    mutating func append(raw text: String) { self.append(utf8: text) }
    mutating func append(escaped text: String) { self.appendHTMLEscaped(text) }
    mutating func append(decimal number: Int) { self.appendDecimal(number) }
    mutating func append(fragment bytes: [UInt8]) { bytes.withUnsafeBufferPointer { self.append(bytes: $0) } }
}
