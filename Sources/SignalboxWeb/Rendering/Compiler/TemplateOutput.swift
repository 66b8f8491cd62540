/// Where a compiled template writes: a `String` (a screen's HTML, which becomes a view-model
/// value of the page around it) or UTF-8 bytes (the page itself, which becomes a response body
/// without being turned into a `String` and validated again).
protocol TemplateOutput {
    init()
    mutating func reserveCapacity(_ bytes: Int)
    /// The output's size in UTF-8 bytes.
    var utf8Count: Int { get }
    /// Appends a template's literal text.
    mutating func append(_ text: Literal)
    /// Appends a value's text as it is.
    mutating func append(raw text: String)
    /// Appends a value's text HTML-escaped as swift-mustache escapes it.
    mutating func append(escaped text: String)
    /// Appends a number in decimal.
    mutating func append(decimal number: Int)
    /// Appends UTF-8 that is already HTML (a rendered fragment).
    mutating func append(utf8 bytes: [UInt8])
}

/// A template's literal text in both forms the outputs append.
struct Literal: Sendable {
    let text: String
    let utf8: [UInt8]

    init(_ text: String) {
        self.text = text
        self.utf8 = Array(text.utf8)
    }
}

extension String: TemplateOutput {
    var utf8Count: Int { self.utf8.count }
    mutating func append(_ text: Literal) { self.append(text.text) }
    mutating func append(raw text: String) { self.append(text) }
    mutating func append(escaped text: String) { self.appendHTMLEscaped(text) }
    mutating func append(decimal number: Int) { self.append(String(number)) }
    mutating func append(utf8 bytes: [UInt8]) { self.append(String(decoding: bytes, as: UTF8.self)) }
}

extension [UInt8]: TemplateOutput {
    var utf8Count: Int { self.count }
    mutating func append(_ text: Literal) { self.append(contentsOf: text.utf8) }
    mutating func append(raw text: String) { self.append(contentsOf: text.utf8) }
    mutating func append(escaped text: String) { self.appendHTMLEscaped(text) }
    mutating func append(decimal number: Int) { self.appendDecimal(number) }
    mutating func append(utf8 bytes: [UInt8]) { self.append(contentsOf: bytes) }
}
