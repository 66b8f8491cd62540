import HTTPTypes
import Logging
import Signalbox
import SignalboxHTTP

// What every POST shares: the origin check, the form body, the CSRF token.

extension WebApp {
    /// Checks the origin, decodes the body and runs `body` on the session once its CSRF token
    /// matched. Without a live session, or with a wrong token, or from another site: 403 and
    /// nothing changes.
    func post(
        _ exchange: Exchange, _ body: (inout SessionState, FormData) async -> Response
    ) async throws -> Response {
        guard self.originPolicy.permits(exchange.request) else { throw WebError.crossOrigin }
        let form = try self.decodeForm(exchange)
        let response = try await self.withSession(exchange) { state -> Response in
            guard self.hasValidToken(form, exchange, state) else {
                return self.failure(WebError.invalidCSRFToken, exchange, homePath: state.tree.path)
            }
            return await body(&state, form)
        }
        guard let response else { throw WebError.invalidCSRFToken }
        return response
    }

    /// The urlencoded body, within the configured limits. An empty body is an empty form.
    func decodeForm(_ exchange: Exchange) throws -> FormData {
        let body = exchange.request.body
        if body.count > self.configuration.maxFormBytes {
            throw FormDecodingError.tooLarge(limit: self.configuration.maxFormBytes)
        }
        if !body.isEmpty, let type = exchange.request.headerFields[.contentType] {
            let mediaType = type.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
            guard mediaType == "application/x-www-form-urlencoded" else { throw WebError.unsupportedMediaType }
        }
        return try self.formCodec.decode(body)
    }

    /// The token from the `_csrf` field or the `X-CSRF-Token` header, compared in constant time.
    func hasValidToken(_ form: FormData, _ exchange: Exchange, _ state: SessionState) -> Bool {
        guard let token = form["_csrf"] ?? exchange.request.headerFields[FieldNames.xCSRFToken] else { return false }
        return RandomToken.constantTimeEquals(token, state.csrfToken)
    }

    /// Reshapes the tree to `path` before an action; `nil` when that worked, else the response
    /// (a guard's redirect or the error).
    func reshape(_ state: inout SessionState, to path: String, _ exchange: Exchange) async -> Response? {
        do {
            try self.checkLength(path)
            try PathLimits.refuseNUL(in: path)
            switch try await state.tree.apply(path: path) {
            case .applied: return nil
            case .redirected(let target, _): return await self.redirect(to: target, &state, exchange)
            }
        } catch {
            return self.failure(error, exchange, homePath: state.tree.path)
        }
    }
}

// POST /_nav/<action>: the router API.

extension WebApp {
    func perform(_ action: NavigationAction, _ exchange: Exchange) async throws -> Response {
        try await self.post(exchange) { state, form in
            if let from = form["from"], !from.isEmpty, let response = await self.reshape(&state, to: from, exchange) {
                return response
            }
            let tree = state.tree
            do {
                switch action {
                case .route:
                    try self.checkLength(form["input"] ?? "")
                    try await tree.route(toNamed: try Self.required("to", in: form), input: form["input"])
                case .pop: try await tree.popTop()
                case .popToRoot: try await tree.popTopToRoot()
                case .tab: try await tree.selectTab(named: try Self.required("to", in: form))
                case .dismiss: try await tree.dismissTopPresentation()
                }
            } catch NavigationError.redirect(let target) {
                return await self.redirect(to: target, &state, exchange)
            } catch {
                return self.failure(error, exchange, homePath: tree.path)
            }
            return await self.afterChange(state, exchange)
        }
    }

    private static func required(_ name: String, in form: FormData) throws -> String {
        guard let value = form[name], !value.isEmpty else {
            throw WebError.badRequest("missingField", "The field \"\(name)\" is required.")
        }
        return value
    }
}

// POST <path>: a form for the screen on top of that path.

extension WebApp {
    func submit(_ exchange: Exchange) async throws -> Response {
        try await self.post(exchange) { state, form in
            // "/" names no page of its own (see GET): the form goes to the page shown now.
            if exchange.path != "/", let response = await self.reshape(&state, to: exchange.path, exchange) {
                return response
            }
            let fields = FormData(form.fields.filter { $0.name != "_csrf" })
            let control = SessionControl()
            let outcome: Result<Submission, any Error>
            do {
                outcome = .success(try await state.tree.submit(fields, services: control.services))
            } catch {
                outcome = .failure(error)
            }
            // Rotation first, so the page or JSON answered already carries the new CSRF token.
            if control.isRotationRequested {
                let previous = state.id
                state.rotate()
                self.logger.info(
                    "session id rotated",
                    metadata: ["session.id": "\(state.id.fingerprint)", "session.previous": "\(previous.fingerprint)"])
            }
            var response: Response
            switch outcome {
            case .success(.accepted):
                response = await self.afterChange(state, exchange)
            case .success(.invalid(let rejection)):
                response = await self.render(state, exchange, echo: FormEcho(form: fields, rejection: rejection))
            case .failure(NavigationError.redirect(let target)):
                response = await self.redirect(to: target, &state, exchange)
            case .failure(let error):
                response = self.failure(error, exchange, homePath: state.tree.path)
            }
            if control.isRotationRequested { response.appendSetCookie(self.cookie(for: state.id)) }
            return response
        }
    }
}
