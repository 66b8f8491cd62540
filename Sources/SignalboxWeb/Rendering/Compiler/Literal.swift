/// A template's literal text: where its UTF-8 is in the template's
/// ``CompiledTemplate/literalBytes`` (plain integers, so reading one touches no reference count).
struct Literal: Sendable {
    let start: Int
    let count: Int
}
