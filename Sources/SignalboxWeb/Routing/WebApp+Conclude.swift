import HTTPTypes
import Logging
import Signalbox

// Conclude: the one place where an outcome becomes an answer — redirects followed, PRG applied,
// errors mapped — while the session is still held.

extension WebApp {
    /// The most guard redirects a JSON request follows before it is a loop.
    static let redirectHops = 4

    func conclude(_ outcome: Outcome, _ state: inout SessionState, _ exchange: Exchange) async -> Answer {
        var outcome = outcome
        var hops = 0
        while true {
            switch outcome {
            case .show(let echo, let walked):
                do {
                    let branch = walked ?? state.tree.activeBranch
                    // What a page shows once (notices, the return to an origin) it takes; not a
                    // HEAD, nor a live page's refresh (another window changed something): those
                    // are left to the window that navigates.
                    let takesShownOnce = exchange.method != .head && !exchange.isLiveRefresh
                    let returnedFrom =
                        exchange.isSafeMethod && takesShownOnce ? state.tree.takeReturn(to: branch) : nil
                    // Only a page a GET shows as it is can be revalidated (not a rejected form,
                    // nor a page with notices or one returned to: a copy of it must not come
                    // back with a 304); an HTML one is live even then.
                    let isShownOnce = !state.tree.notices.isEmpty || returnedFrom != nil
                    let current =
                        echo == nil && exchange.isSafeMethod && (!isShownOnce || !exchange.wantsJSON)
                        ? try await self.validator(of: branch, in: &state, json: exchange.wantsJSON) : nil
                    let validator = isShownOnce ? nil : current
                    if let validator,
                        validator.isNamed(byIfNoneMatch: exchange.request.headerFields.combinedValue(.ifNoneMatch))
                    {
                        return Answer(.notModified(validator), keepsNewSession: true)
                    }
                    // A form the user began and has not sent shows their draft.
                    let draft = echo == nil ? state.tree.draft(at: branch.path) : nil
                    var page = try await PageDocument.load(
                        state,
                        branch: branch,
                        echo: draft.map { FormEcho(draft: $0, isSecret: self.configuration.isSecretField) } ?? echo,
                        forJSON: exchange.wantsJSON,
                        takingNotices: takesShownOnce,
                        returnedFrom: returnedFrom
                    )
                    page.validator = validator
                    if !exchange.wantsJSON, self.configuration.livePages.isEnabled { page.liveValidator = current }
                    return Answer(.page(page), keepsNewSession: true)
                } catch {
                    outcome = .failed(error)
                }
            case .changed:
                if exchange.wantsJSON { outcome = .show() } else { return Answer(.seeOther(state.tree.path)) }
            case .moved(let path):
                if exchange.wantsJSON { outcome = .show() } else { return Answer(.seeOther(path)) }
            case .redirected(let target):
                hops += 1
                guard isSafeLocalPath(target), hops <= Self.redirectHops else {
                    outcome = .failed(UnsafeRedirect(target: target))
                    continue
                }
                // A guard's redirect remembered where the visitor was going: worth a session.
                guard exchange.wantsJSON else { return Answer(.seeOther(target), keepsNewSession: true) }
                outcome = await Outcome.showing(target, on: state.tree)
            case .failed(NavigationError.redirect(let target)):
                outcome = .redirected(to: target)
            case .failed(let error):
                return Answer(.error(self.webError(for: error, exchange), homePath: state.tree.path))
            case .download(let download):
                return Answer(.download(download))
            }
        }
    }

    /// The validator of the page `branch` shows, as this app writes it (``PageValidator``): the
    /// same for a revalidation and a live page's check.
    func validator(of branch: ActiveBranch, in state: inout SessionState, json: Bool) async throws -> PageValidator? {
        try await PageValidator.of(
            branch,
            in: &state,
            templates: self.renderer.version,
            json: json,
            mount: self.configuration.mountPath,
            developerTools: self.configuration.developerTools
        )
    }

    /// Maps `error` to what the client sees (``WebError/init(_:requestID:)``); a 500 is logged
    /// with the request id and the error's details.
    func webError(for error: any Error, _ exchange: Exchange) -> WebError {
        let webError = WebError(error, requestID: exchange.requestID)
        if webError.status == .internalServerError {
            exchange.logger.error(
                "request failed",
                metadata: [
                    "request.id": "\(exchange.requestID)", "http.path": "\(exchange.path.prefix(256))",
                    "error.message": "\(String(describing: error).prefix(1000))",
                ]
            )
        } else if let detail = webError.detail {
            exchange.logger.debug(
                "request refused",
                metadata: [
                    "request.id": "\(exchange.requestID)", "http.status": "\(webError.status.code)",
                    "error.detail": "\(detail.prefix(1000))",
                ]
            )
        }
        return webError
    }
}

/// A guard redirected to something that is not a path of this site, or in a loop (a bug in the app).
struct UnsafeRedirect: Error, CustomStringConvertible {
    var target: String
    var description: String { "unsafe or looping guard redirect to \(target.prefix(128))" }
}
