import HTTPTypes
import Signalbox
import SignalboxHTTP

// Present: the one place where an answer becomes HTML or JSON. Runs after the session is
// released; a failure here (a template that throws) still answers an error page.

extension WebApp {
    func present(_ answer: Answer, _ exchange: Exchange) -> Response {
        var response: Response
        if case .presented(let presented) = answer.body {
            // A new visitor's page, presented (headers included) before its session was kept.
            response = presented
            for cookie in answer.cookies { response.appendSetCookie(cookie) }
            return response
        }
        do {
            response = try self.response(for: answer.body, exchange)
        } catch let error as TemplateError where self.configuration.developerTools && !exchange.wantsJSON {
            // The developer sees the broken template itself; it is logged like any 500.
            _ = self.webError(for: error, exchange)
            response = self.templateErrorResponse(error, exchange)
        } catch {
            let homePath: String? = if case .page(let page) = answer.body { page.path } else { nil }
            response = self.errorResponse(self.webError(for: error, exchange), homePath: homePath, exchange)
        }
        for cookie in answer.cookies { response.appendSetCookie(cookie) }
        response.addStandardHeaders(caching: self.configuration.pageCaching)
        if answer.clearsSiteCache { response.headerFields[FieldNames.clearSiteData] = "\"cache\"" }
        if response.status == .internalServerError {
            response.headerFields[FieldNames.xRequestID] = exchange.requestID
        }
        return response
    }

    private func response(for body: Answer.Body, _ exchange: Exchange) throws -> Response {
        switch body {
        case .page(let page):
            let status: HTTPResponse.Status = page.isRejectedForm ? .unprocessableContent : .ok
            var response: Response =
                exchange.wantsJSON
                ? .json(status, try NavigationStateJSON.render(page, mount: self.configuration.mountPath))
                : .html(status, bytes: try self.composer.html(page))
            // A fresh answer has no ETag yet: appended, not set (no search for one to replace).
            if let validator = page.validator {
                response.headerFields.append(HTTPField(name: .eTag, value: validator.entityTag))
            }
            return response
        case .notModified(let validator):
            return Response(
                status: .notModified,
                headerFields: HTTPFields([HTTPField(name: .eTag, value: validator.entityTag)])
            )
        case .seeOther(let location):
            return .seeOther(self.configuration.mountPath.url(for: location))
        case .error(let error, let homePath):
            return self.errorResponse(error, homePath: homePath, exchange)
        case .developerPage(let developer):
            if exchange.wantsJSON { return .json(.ok, developer.json) }
            let content = try self.renderer.render(developer.template, with: developer.model)
            let page: ViewModel = [
                "title": .string(developer.title), "csrf": developer.csrf.map(ViewModel.string) ?? .null,
                "content": .string(content), "mount": .string(self.configuration.mountPath.prefix),
            ]
            return .html(.ok, try self.renderer.render("layout", with: page))
        case .json(let text):
            return .json(.ok, text)
        case .stylesheet(let text):
            var response = Response(status: .ok, contentType: "text/css; charset=utf-8", body: text)
            response.headerFields[.cacheControl] = "public, max-age=3600"
            return response
        case .script(let text):
            var response = Response(status: .ok, contentType: "text/javascript; charset=utf-8", body: text)
            response.headerFields[.cacheControl] = "public, max-age=3600"
            return response
        case .noContent:
            return Response(status: .noContent, headerFields: HTTPFields())
        case .download(let download):
            return .download(download)
        case .presented(let response):
            return response  // (present(_:_:) sends these before getting here)
        }
    }

    private func errorResponse(_ error: WebError, homePath: String?, _ exchange: Exchange) -> Response {
        // With developer tools on, an error page whose templates are broken shows why.
        if self.configuration.developerTools, !exchange.wantsJSON, let broken = self.renderer.loadError {
            return self.templateErrorResponse(broken, exchange)
        }
        return self.errorPage.response(
            for: error,
            json: exchange.wantsJSON,
            homePath: homePath,
            showsDetail: self.configuration.developerTools
        )
    }

    /// The developer page for a broken template (500, HTML; JSON clients get the usual 500 JSON).
    private func templateErrorResponse(_ error: TemplateError, _ exchange: Exchange) -> Response {
        let html = TemplateErrorPage.html(
            for: error,
            requestID: exchange.requestID,
            mount: self.configuration.mountPath
        )
        return .html(.internalServerError, html)
    }
}
