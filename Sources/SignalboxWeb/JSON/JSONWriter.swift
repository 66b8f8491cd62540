public import Signalbox
import SignalboxHTTP

/// Writes JSON text by hand, for view models and response bodies.
///
/// Strings are escaped per RFC 8259 (quotes, backslashes, every control character) and, so that
/// JSON can never be mistaken for markup, `<`, `>`, `&`, `'`, U+2028 and U+2029 are written as
/// `\u003c`-style escapes. Object keys of ``/Signalbox/ViewModel``s are sorted, so output is deterministic.
/// Non-finite doubles become `null`.
package struct JSONWriter: Sendable {
    /// The text written so far.
    package private(set) var output = ""

    /// An empty writer.
    package init() {}

    /// Appends a string literal.
    package mutating func string(_ text: String) {
        JSONEscaping.appendQuoted(text, to: &self.output)
    }

    /// Appends `text`, which must already be valid JSON.
    mutating func raw(_ text: String) {
        self.output += text
    }

    mutating func null() { self.output += "null" }

    mutating func bool(_ value: Bool) { self.output += value ? "true" : "false" }

    mutating func int(_ value: Int) { self.output += String(value) }

    mutating func double(_ value: Double) {
        guard value.isFinite else { return self.null() }
        if value == value.rounded(), abs(value) < 1e15 {
            self.output += String(Int64(value))
        } else {
            self.output += String(value)
        }
    }

    mutating func optionalString(_ text: String?) {
        if let text { self.string(text) } else { self.null() }
    }

    /// Appends an object whose members `body` writes with ``Members``.
    mutating func object(_ body: (inout Members) -> Void) {
        var members = Members(writer: self)
        self = JSONWriter()  // leave `members` the only owner of the text, so appends do not copy it
        members.writer.output += "{"
        body(&members)
        members.writer.output += "}"
        self = members.writer
    }

    /// Appends an array of `items`, each written by `body`.
    mutating func array<S: Sequence>(_ items: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        self.output += "["
        var first = true
        for item in items {
            if !first { self.output += "," }
            first = false
            body(&self, item)
        }
        self.output += "]"
    }

    /// Appends a view model.
    package mutating func value(_ model: ViewModel) {
        switch model {
        case .null: self.null()
        case .bool(let value): self.bool(value)
        case .int(let value): self.int(value)
        case .double(let value): self.double(value)
        case .string(let value): self.string(value)
        case .list(let items): self.array(items) { $0.value($1) }
        case .object(let fields):
            self.object { members in
                for key in fields.keys.sorted() {
                    members.key(key) { $0.value(fields[key]!) }
                }
            }
        }
    }

    /// Writes the members of an object.
    struct Members {
        fileprivate var writer: JSONWriter
        private var first = true

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
        }

        /// Appends `"key": <value written by body>`.
        mutating func key(_ key: String, _ body: (inout JSONWriter) -> Void) {
            if !self.first { self.writer.output += "," }
            self.first = false
            self.writer.string(key)
            self.writer.output += ":"
            body(&self.writer)
        }

        mutating func string(_ key: String, _ value: String?) { self.key(key) { $0.optionalString(value) } }
        mutating func bool(_ key: String, _ value: Bool) { self.key(key) { $0.bool(value) } }
        mutating func int(_ key: String, _ value: Int) { self.key(key) { $0.int(value) } }
        mutating func value(_ key: String, _ value: ViewModel) { self.key(key) { $0.value(value) } }
    }
}

extension ViewModel {
    /// The view model as JSON text (keys sorted).
    public var jsonText: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.output
    }
}
