/// One step of a ``CompiledTemplate``: the template's partials and blocks are inlined, so a page
/// is a flat list of these.
///
/// Every payload is an index (into the template's ``CompiledTemplate/literals`` and
/// ``CompiledTemplate/keys``), so reading an operation copies a few words and touches no
/// reference count: the renderer reads one per token.
enum Operation: Sendable {
    /// Literal text: `literals[index]`.
    case text(Int)
    /// A value, HTML-escaped or raw: `keys[index]`.
    case value(Int, escaped: Bool)
    /// A section; its body is the operations after it up to `end` (exclusive).
    case section(Int, end: Int)
    /// An inverted section; its body is the operations after it up to `end` (exclusive).
    case inverted(Int, end: Int)
}
