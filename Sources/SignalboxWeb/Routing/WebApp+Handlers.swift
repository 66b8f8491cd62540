import Signalbox

// The handlers: each works on one session's tree and says what happened as an ``Outcome``.

extension WebApp {
    /// `GET <path>`: reshape the tree to the path. `/` names no page of its own: it shows the
    /// session's current page (or the root's, for a new visitor).
    func showPage(_ path: String, _ state: inout SessionState, _ exchange: Exchange) async -> Outcome {
        if path == "/" {
            let current = state.tree.path
            return current == "/" ? .show() : .moved(to: current)
        }
        return await Outcome.showing(path, on: state.tree)
    }

    /// `POST <path>`: reshape the tree to the path, then hand the form to the screen on top.
    func submit(_ form: FormData, at path: String, _ state: inout SessionState, _ exchange: Exchange) async -> Outcome {
        // "/" names no page of its own (see GET): the form goes to the page shown now.
        if path != "/", let detour = await self.reshape(state, to: path) { return detour }
        // The screen whose form this is: its draft goes once that form is accepted (looked up
        // only when the tree holds drafts: "/" costs a walk).
        let formPath = state.tree.drafts.isEmpty ? nil : path == "/" ? state.tree.path : path
        let control = SessionControl(clientAddress: exchange.client)
        let submission: Result<Submission, any Error>
        do {
            submission = .success(try await state.tree.submit(form, services: control.services))
        } catch {
            submission = .failure(error)
        }
        // Rotation first, so the page or JSON answered already carries the new CSRF token.
        if control.isRotationRequested { state.rotate() }
        if control.isEstablishRequested { state.isEstablished = true }
        switch submission {
        case .success(.accepted):
            // Not after another form of the page (a toggle beside a note being typed).
            if let formPath, let draft = state.tree.draft(at: formPath), draft.isTyped(in: form) {
                state.tree.discardDraft(at: formPath)
            }
            return .changed
        case .success(.invalid(let rejection)):
            return .show(echo: FormEcho(form: form, rejection: rejection, isSecret: self.configuration.isSecretField))
        case .failure(let error):
            return .failed(error)
        }
    }

    /// `GET <path>?download=<name>`: reshape the tree to the path (guards decide, as for the
    /// page), then the top screen's file.
    func download(_ name: String, at path: String, _ state: inout SessionState) async -> Outcome {
        if let detour = await self.reshape(state, to: path) { return detour }
        do {
            guard let download = try await state.tree.download(named: name) else {
                return .failed(WebError.notFound("There is no file \(name.prefix(64)) on this page."))
            }
            return .download(download)
        } catch {
            return .failed(error)
        }
    }

    /// `POST /_nav/<action>`: reshape the tree to `from` (the public URL of the page the action
    /// was issued on, as its `path` gave it), then run the router action.
    func perform(_ action: NavigationAction, _ form: FormData, _ state: inout SessionState) async -> Outcome {
        if let from = form["from"], !from.isEmpty {
            let mount = self.configuration.mountPath
            guard let appPath = mount.appPath(of: from) else {
                return .failed(
                    NavigationError.malformedPath(
                        path: String(from.prefix(128)),
                        reason: "from is not a page of this app (under \(mount))"
                    )
                )
            }
            if let detour = await self.reshape(state, to: appPath) { return detour }
        }
        let tree = state.tree
        return await Outcome.of {
            switch action {
            case .route:
                let input = form["input"]
                if let input, input.utf8.count > self.configuration.maxPathBytes {
                    throw WebError.pathTooLong(limit: self.configuration.maxPathBytes)
                }
                try await tree.route(toNamed: try Self.required("to", in: form), input: input)
            case .pop: try await tree.popTop()
            case .popToRoot: try await tree.popTopToRoot()
            case .tab: try await tree.selectTab(named: try Self.required("to", in: form))
            case .dismiss: try await tree.dismissTopPresentation()
            }
        }
    }

    /// Reshapes the tree to `path` before a POST acts on it; `nil` when the tree is there,
    /// else the outcome that ends the request (a guard's redirect or an error).
    private func reshape(_ state: SessionState, to path: String) async -> Outcome? {
        do {
            if path.utf8.count > self.configuration.maxPathBytes {
                throw WebError.pathTooLong(limit: self.configuration.maxPathBytes)
            }
            try PathLimits.refuseNUL(in: path)
        } catch {
            return .failed(error)
        }
        switch await Outcome.applying(path, to: state.tree) {
        case nil, .moved?: return nil
        case let other?: return other
        }
    }

    private static func required(_ name: String, in form: FormData) throws -> String {
        guard let value = form[name], !value.isEmpty else {
            throw WebError.missingField(name)
        }
        return value
    }
}
