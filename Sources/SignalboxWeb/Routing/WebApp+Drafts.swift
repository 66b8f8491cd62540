import HTTPTypes
import Signalbox
import SignalboxHTTP

// Drafts: `POST /_draft` keeps what the user typed into a page's form with the session's tree
// (``Signalbox/Draft``); the form shows it whenever its screen is shown, until it is accepted.

extension WebApp {
    /// The fields of a draft request that are not the draft.
    static let draftControlFields: Set<String> = ["_csrf", Submissions.field, "from", "_discard"]

    /// `POST /_draft` with `from` (the public URL of the screen whose form it is), the form's
    /// fields and `_csrf` (or `X-CSRF-Token`); `_discard` forgets the draft instead. Secret
    /// fields and files are never kept. `204 No Content`, or `303` back to `from` for a browser
    /// that sent a form (a discard button without scripts); `403` without a session or with a
    /// wrong token; `413` past ``Configuration/maxDraftBytes``.
    func saveDraft(_ exchange: Exchange) async throws -> Answer {
        guard self.originPolicy.permits(exchange.request) else { throw WebError.crossOrigin }
        let limit = self.configuration.maxDraftBytes
        if exchange.request.body.count > limit { throw FormDecodingError.tooLarge(limit: limit) }
        var spooled: MultipartSpooler?
        defer { spooled?.discard() }
        let form = try self.decodeForm(exchange, spooling: &spooled)
        let token = form["_csrf"] ?? exchange.request.headerFields.combinedValue(FieldNames.xCSRFToken)
        guard let from = form["from"], !from.isEmpty else { throw WebError.missingField("from") }
        let path = try self.draftPath(from)
        let discards = form["_discard"] != nil
        let fields = form.fields.lazy
            .filter { !Self.draftControlFields.contains($0.name) && !self.configuration.isSecretField($0.name) }
            .map { Draft.Field(name: $0.name, value: $0.value) }
        let size = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        if size > limit { throw FormDecodingError.tooLarge(limit: limit) }
        // It changes nothing but the session, the same way each time: it may run twice.
        let kept = try await self.withSession(exchange, access: .retryable) { state -> Bool in
            guard let token, RandomToken.constantTimeEquals(token, state.csrfToken) else { return false }
            if discards { state.tree.discardDraft(at: path) } else { state.tree.saveDraft(Array(fields), at: path) }
            return true
        }
        guard kept == true else { throw WebError.invalidCSRFToken }
        if !exchange.wantsJSON, Self.isNavigation(exchange.request) { return Answer(.seeOther(path)) }
        return Answer(.noContent)
    }

    /// The app path of `from`, a public URL of this app.
    private func draftPath(_ from: String) throws -> String {
        if from.utf8.count > self.configuration.maxPathBytes {
            throw WebError.pathTooLong(limit: self.configuration.maxPathBytes)
        }
        let mount = self.configuration.mountPath
        guard let path = mount.appPath(of: from), path.hasPrefix("/") else {
            throw NavigationError.malformedPath(
                path: String(from.prefix(128)),
                reason: "from is not a page of this app (under \(mount))"
            )
        }
        try PathLimits.refuseNUL(in: path)
        return path
    }

    /// Whether the browser sent the request to show its answer (a form it submitted), rather
    /// than from a script: `Sec-Fetch-Mode: navigate`, else an `Accept` that names HTML.
    private static func isNavigation(_ request: Request) -> Bool {
        if let mode = request.headerFields[FieldNames.secFetchMode] { return mode == "navigate" }
        return request.headerFields.combinedValue(.accept)?.contains("text/html") ?? false
    }
}

extension Draft {
    /// Whether `form` is the form this draft was typed into: it sends every field the draft has.
    func isTyped(in form: FormData) -> Bool {
        let sent = Set(form.fields.lazy.map(\.name))
        return self.fields.allSatisfy { sent.contains($0.name) }
    }
}
