import HTTPTypes
import Logging
import Signalbox
import SignalboxHTTP

// Handle: run a resolved route on the request's session and decide the answer. Nothing here
// renders a template; the answer is presented after the session is released.

extension WebApp {
    func handle(_ route: WebRoute, _ exchange: Exchange) async throws -> Answer {
        switch route {
        case .page(let path):
            if let answer = try await self.inSession(
                exchange,
                access: .retryable,
                { state in
                    await self.showPage(path, &state, exchange)
                }
            ) {
                return answer
            }
            return try await self.newVisitor(exchange) { state in await self.showPage(path, &state, exchange) }
        case .download(let path, let name):
            if let answer = try await self.inSession(
                exchange,
                access: .retryable,
                { state in await self.download(name, at: path, &state) }
            ) {
                return answer
            }
            return try await self.newVisitor(exchange) { state in await self.download(name, at: path, &state) }
        case .form(let path):
            return try await self.post(exchange) { state, form in
                await self.submit(form, at: path, &state, exchange)
            }
        case .navigation(let action):
            return try await self.post(exchange) { state, form in await self.perform(action, form, &state) }
        case .draft:
            return try await self.saveDraft(exchange)
        case .live:
            return try await self.openLiveStream(exchange)
        case .developerTree:
            if let answer = try await self.withSession(
                exchange,
                access: .retryable,
                { state in
                    await self.developerTree(state, exchange)
                }
            ) {
                return answer
            }
            // No session: show what a new one would look like, and keep nothing.
            return await self.developerTree(SessionState.new(tree: self.makeTree(), now: self.clock.now), exchange)
        case .libraryStylesheet:
            return Answer(.stylesheet(DefaultStylesheet.text))
        case .libraryScript:
            return Answer(.script(PageScript.text))
        case .sessionStats:
            var writer = JSONWriter()
            let count = try await self.sessionCount
            writer.object { members in
                members.int("sessions", count)
                members.int("maxSessions", self.configuration.maxSessions)
            }
            return Answer(.json(writer.output))
        case .openAPIDocument:
            return Answer(.json(OpenAPIDocument(app: self).text))
        case .routeTable:
            let routes = DevRoutes(map: RouteMap(tree: self.makeTree()), mount: self.configuration.mountPath)
            return Answer(
                .developerPage(
                    DeveloperPage(template: "dev/routes", title: "Routes", model: routes.model, json: routes.json)
                )
            )
        }
    }

    /// Runs `body` on the request's session, trying each well-formed cookie value; `nil` when
    /// none names a live session.
    func withSession<Result: Sendable>(
        _ exchange: Exchange,
        access: SessionAccess,
        _ body: (inout SessionState) async throws -> Result
    ) async throws -> Result? {
        let now = self.clock.now
        for id in exchange.sessionCandidates {
            if let result = try await self.sessions.withSession(
                id: id,
                now: now,
                access: access,
                makeTree: self.makeTree,
                body
            ) {
                return result
            }
        }
        return nil
    }

    /// Runs a handler on the request's session and concludes its outcome there; a changed
    /// session id (rotation) sets the new cookie.
    private func inSession(
        _ exchange: Exchange,
        access: SessionAccess,
        _ handler: (inout SessionState) async -> Outcome
    ) async throws -> Answer? {
        try await self.withSession(exchange, access: access) { state in
            let id = state.id
            let outcome = await handler(&state)
            var answer = await self.conclude(outcome, &state, exchange)
            if state.id != id {
                exchange.logger.info(
                    "session id rotated",
                    metadata: ["session.id": "\(state.id.fingerprint)", "session.previous": "\(id.fingerprint)"]
                )
                answer.cookies.append(self.cookie(for: state.id))
                answer.clearsSiteCache = self.configuration.pageCaching == .revalidate
            }
            return answer
        }
    }

    /// A new visitor (or an unknown, expired or malformed cookie, which is never adopted): runs
    /// the handler on a fresh tree and keeps it as a session only when the answer is worth it,
    /// so bots and 404s cost nothing.
    private func newVisitor(
        _ exchange: Exchange,
        _ handler: (inout SessionState) async -> Outcome
    ) async throws -> Answer {
        var state = SessionState.new(tree: self.makeTree(), now: self.clock.now)
        let outcome = await handler(&state)
        let answer = await self.conclude(outcome, &state, exchange)
        guard answer.keepsNewSession else { return answer }
        let client = exchange.client
        if let wait = self.clientLimits.takeNewSession(for: client, now: state.createdAt) {
            exchange.logger.notice(
                "new session refused: too many from one client",
                metadata: ["client": "\(client ?? "")"]
            )
            return Answer(
                .error(self.webError(for: WebError.tooManyNewSessions(retryAfter: wait), exchange), homePath: nil)
            )
        }
        // Presented before the session exists (no other request can see it yet), so a page
        // that fails to render keeps nothing.
        let response = self.present(answer, exchange)
        var presented = Answer(.presented(response))
        guard response.status == .ok || response.status == .seeOther else { return presented }
        let id = state.id
        try await self.sessions.insert(state)
        presented.cookies.append(self.cookie(for: id))
        exchange.logger.debug("session created", metadata: ["session.id": "\(id.fingerprint)"])
        return presented
    }

    /// What every POST shares: the origin check, the form body and the CSRF token, then
    /// `handler` on the session. Without a live session, with a wrong token or from another
    /// site: 403 and nothing changes.
    ///
    /// A POST with a one-time submission id (the `_submission` field every page's forms carry,
    /// or an `Idempotency-Key` header) that the session already applied is not applied again:
    /// it is answered with the first answer's `Location` (see ``Submissions``).
    private func post(
        _ exchange: Exchange,
        _ handler: @escaping (inout SessionState, FormData) async -> Outcome
    ) async throws -> Answer {
        guard self.originPolicy.permits(exchange.request) else { throw WebError.crossOrigin }
        var spooled: MultipartSpooler?
        // An upload read here (not by the server) is removed when the request is over.
        defer { spooled?.discard() }
        let form = try self.decodeForm(exchange, spooling: &spooled)
        let token = form["_csrf"] ?? exchange.request.headerFields.combinedValue(FieldNames.xCSRFToken)
        let fields = FormData(
            form.fields.filter { $0.name != "_csrf" && $0.name != Submissions.field },
            files: form.files
        )
        let submission = Submissions.key(
            id: form[Submissions.field] ?? exchange.request.headerFields.combinedValue(FieldNames.idempotencyKey),
            path: exchange.path,
            fields: fields
        )
        // What the change may have changed, for live pages: announced once it is saved.
        var changed = Set<LiveTopic>()
        let answer = try await self.inSession(exchange, access: .exclusive) { state in
            guard let token, RandomToken.constantTimeEquals(token, state.csrfToken) else {
                return .failed(WebError.invalidCSRFToken)
            }
            if let submission, let path = state.tree.answer(toSubmission: submission) {
                exchange.logger.debug("repeated submission answered again", metadata: ["http.location": "\(path)"])
                return .moved(to: path)
            }
            let session = state.id
            let outcome = await handler(&state, fields)
            if case .changed = outcome {
                if let submission { state.tree.recordSubmission(submission, answeredWith: state.tree.path) }
                changed = self.live.topics(changedBy: state.tree, in: session)
            }
            return outcome
        }
        guard let answer else { throw WebError.invalidCSRFToken }
        self.live.publish(changed)
        return answer
    }

    /// The form: a `multipart/form-data` body the server read already, or the body as
    /// urlencoded or multipart, within the configured limits. An empty body is an empty form.
    /// A multipart body read here is spooled by `spooler`, which the caller discards.
    func decodeForm(_ exchange: Exchange, spooling spooler: inout MultipartSpooler?) throws -> FormData {
        if let multipart = exchange.request.multipart { return FormData(multipart) }
        let body = exchange.request.body
        if !body.isEmpty, let type = exchange.request.headerFields.combinedValue(.contentType) {
            let mediaType = type.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
            if mediaType == "multipart/form-data" {
                let fields = exchange.request.headerFields
                guard var upload = try MultipartSpooler.forRequest(fields, limits: self.configuration.uploads) else {
                    throw MultipartSpoolError.malformed(.malformed("the Content-Type has no usable boundary"))
                }
                // (A spooler that throws has removed its files already.)
                try body.withUnsafeBytes { bytes in try upload.append(bytes) }
                let form = try upload.finish()
                spooler = upload
                return FormData(form)
            }
            guard mediaType == "application/x-www-form-urlencoded" else { throw WebError.unsupportedMediaType }
        }
        if body.count > self.configuration.maxFormBytes {
            throw FormDecodingError.tooLarge(limit: self.configuration.maxFormBytes)
        }
        return try self.formCodec.decode(body)
    }

    private func developerTree(_ state: SessionState, _ exchange: Exchange) async -> Answer {
        do {
            let model = try await DevTree(makeTree: self.makeTree, mount: self.configuration.mountPath).model(
                of: state.tree
            )
            let page = DeveloperPage(
                template: "dev/tree",
                title: "Coordinator tree",
                model: model,
                json: model.jsonText,
                csrf: state.csrfToken
            )
            return Answer(.developerPage(page))
        } catch {
            return Answer(.error(self.webError(for: error, exchange), homePath: state.tree.path))
        }
    }
}
