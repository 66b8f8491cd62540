/// The developer page for a template that does not load or render (developer tools on): where
/// (file, line, column), why, and the offending line with a caret under the column. Built
/// without templates, since they are what is broken; styled by the library's stylesheet.
///
/// ```
/// Templates/todos/list.mustache:3:14: sectionCloseNameIncorrect
///     3 | {{#todos}}<li>{{title}}</li>{{/todo}}
///       |              ^
/// ```
enum TemplateErrorPage {
    static func html(for error: TemplateError, requestID: String, mount: MountPath) -> String {
        let location = error.location
        var excerpt = ""
        if let source = error.sourceLine {
            let number = error.line.map(String.init) ?? ""
            let gutter = String(repeating: " ", count: number.count)
            excerpt = "\(number) | \(source)"
            if let column = error.column, column >= 1 {
                // Tabs stay tabs, so the caret lines up however the browser draws them.
                let lead = source.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
                excerpt += "\n\(gutter) | \(lead)^"
            }
        }
        let escape = HTMLEscaping.escape
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Template error</title>
            <link rel="stylesheet" href="\(escape(mount.url(for: DefaultStylesheet.path)))"></head>
            <body><main id="main"><h1>Template error</h1>
            <p><code class="template-error-location">\(escape(location))</code></p>
            <p class="template-error-reason">\(escape(error.reason))</p>
            \(excerpt.isEmpty ? "" : "<pre class=\"template-error-source\">\(escape(excerpt))</pre>")
            <p>Fix the template and reload this page: in developer mode templates are read again when \
            they change. (Request \(escape(requestID)); without developer tools this is a plain 500 page \
            and the details go to the log.)</p></main></body></html>

            """
    }
}
