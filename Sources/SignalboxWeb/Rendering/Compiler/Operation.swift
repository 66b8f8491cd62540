/// One step of a ``CompiledTemplate``: the template's partials and blocks are inlined, so a page
/// is a flat list of these.
enum Operation: Sendable {
    /// Literal text.
    case text(Literal)
    /// A value, HTML-escaped or raw.
    case value(LookupKey, escaped: Bool)
    /// A section; its body is the operations after it up to `end` (exclusive).
    case section(LookupKey, end: Int)
    /// An inverted section; its body is the operations after it up to `end` (exclusive).
    case inverted(LookupKey, end: Int)
}
