/// Every template of a ``MustacheRenderer`` the compiler accepted, and why it declined the others.
struct CompiledLibrary: Sendable {
    /// Compiled templates by name (their partials and blocks inlined).
    let templates: [String: CompiledTemplate]
    /// Templates left to swift-mustache: name → reason.
    let declined: [String: String]

    /// No compiled templates: everything is rendered by swift-mustache.
    init() {
        self.templates = [:]
        self.declined = [:]
    }

    /// Parses and compiles every template (name → Mustache text that swift-mustache parsed).
    init(sources: [String: String]) {
        var parsed: [String: [TemplateNode]] = [:]
        var declined: [String: String] = [:]
        for (name, text) in sources {
            do {
                parsed[name] = try TemplateParser.parse(text)
            } catch {
                declined[name] = "\(error)"
            }
        }
        let unparsed = Set(declined.keys)
        var templates: [String: CompiledTemplate] = [:]
        for name in parsed.keys {
            do {
                templates[name] = try CompiledTemplate(name: name, parsed: parsed, declined: unparsed)
            } catch {
                declined[name] = "\(error)"
            }
        }
        self.templates = templates
        self.declined = declined
    }
}
