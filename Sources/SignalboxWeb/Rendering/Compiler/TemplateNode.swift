/// A parsed Mustache template, before partials and blocks are resolved: what
/// ``TemplateParser`` produces and ``CompiledTemplate`` compiles.
indirect enum TemplateNode: Sendable {
    /// Literal text.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(String, escaped: Bool)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
    case section(String, body: [TemplateNode], inverted: Bool)
    /// `{{>name}}` (no overrides) or `{{<name}}…{{/name}}` (block overrides); indentation is
    /// the whitespace before a standalone tag.
    case partial(String, indentation: String?, overrides: [String: [TemplateNode]]?)
    /// `{{$name}}default{{/name}}` in a template that can be inherited.
    case block(String, body: [TemplateNode], indentation: String?)
    /// `{{$name}}…{{/name}}` directly inside `{{<parent}}`: an override.
    case blockDefinition(String, body: [TemplateNode])
}
