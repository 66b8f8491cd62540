import HTTPTypes
import Signalbox
import SignalboxHTTP

/// Renders a ``WebError`` as an HTML page (template `errors/<status>` if the app has one, else
/// `errors/error`, shown as the `content` of `layout`) or as JSON `{"error", "message", "status"}` (+ `requestId` for 500s).
///
/// The page's view model: `status` (number), `title` (reason phrase), `code`, `message`,
/// `requestID` (or null), `homePath` (the public URL of the session's current page, or of the
/// app's `/`), `mount` (the mount path's prefix), `detail` (what a developer needs, with
/// developer tools on; else null). If the template
/// itself fails, a minimal built-in page is sent instead: an error page never fails.
struct ErrorPage {
    let renderer: any TemplateRenderer
    let mount: MountPath

    func response(for error: WebError, json: Bool, homePath: String?, showsDetail: Bool) -> Response {
        let detail = showsDetail ? error.detail : nil
        var response: Response
        if json {
            var writer = JSONWriter()
            writer.object { object in
                object.string("error", error.code)
                object.string("message", error.message)
                object.int("status", error.status.code)
                if let requestID = error.requestID { object.string("requestId", requestID) }
                if let detail { object.string("detail", detail) }
            }
            response = .json(error.status, writer.output)
        } else {
            let home = self.mount.url(for: homePath ?? "/")
            response = .html(error.status, self.html(for: error, homePath: home, detail: detail))
        }
        if let allow = error.allow { response.headerFields[.allow] = allow }
        if let retryAfter = error.retryAfter { response.headerFields[.retryAfter] = String(retryAfter) }
        return response
    }

    func html(for error: WebError, homePath: String, detail: String?) -> String {
        let model: ViewModel = [
            "status": .int(error.status.code),
            "title": .string(error.status.reasonPhrase),
            "code": .string(error.code),
            "message": .string(error.message),
            "requestID": error.requestID.map(ViewModel.string) ?? .null,
            "homePath": .string(homePath),
            "mount": .string(self.mount.prefix),
            "detail": detail.map(ViewModel.string) ?? .null,
        ]
        let specific = "errors/\(error.status.code)"
        let name = self.renderer.hasTemplate(named: specific) ? specific : "errors/error"
        if let content = try? self.renderer.render(name, with: model),
            let html = try? self.renderer.render(
                "layout",
                with: model.merging([
                    "title": .string("\(error.status.code) \(error.status.reasonPhrase)"), "content": .string(content),
                ])
            )
        {
            return html
        }
        return Self.fallback(for: error, homePath: self.mount.url(for: "/"))
    }

    /// A page that needs no template.
    static func fallback(for error: WebError, homePath: String) -> String {
        let title = "\(error.status.code) \(error.status.reasonPhrase)"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(HTMLEscaping.escape(title))</title></head>
            <body><h1>\(HTMLEscaping.escape(title))</h1><p>\(HTMLEscaping.escape(error.message))</p>
            <p><a href="\(HTMLEscaping.escape(homePath))">Home</a></p></body></html>

            """
    }
}

/// HTML escaping for the few strings written without a template, the same as the templates'.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        result.appendHTMLEscaped(text)
        return result
    }
}
