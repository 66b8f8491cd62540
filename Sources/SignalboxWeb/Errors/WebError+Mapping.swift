import HTTPTypes
import Signalbox

// The one place where errors become HTTP statuses.

extension WebError {
    /// Maps any error to what the client sees.
    ///
    /// | Error | Status |
    /// |---|---|
    /// | ``/Signalbox/NavigationError`` of kind `.notFound` / `.badRequest` / `.conflict` / `.forbidden` | 404 / 400 / 409 / 403 |
    /// | ``/Signalbox/NavigationError`` of kind `.internalError` | 500 (message hidden) |
    /// | ``FormDecodingError`` (too large, too many or too long fields / bad escape, UTF-8 or NUL) | 413 / 400 |
    /// | `MultipartSpoolError` (a file, the body, too many files or fields / malformed) | 413 / 400 |
    /// | ``WebErrorConvertible`` | its ``WebErrorConvertible/webError`` |
    /// | anything else | 500 with the request id, no internals |
    ///
    /// `.redirect` navigation errors are answered before mapping (303); here they map to 500.
    public init(_ error: any Error, requestID: String) {
        switch error {
        case let convertible as any WebErrorConvertible:
            self = convertible.webError
        case let navigation as NavigationError:
            self = WebError(navigation, requestID: requestID)
        case let form as FormDecodingError:
            switch form {
            case .tooLarge, .tooManyFields, .fieldTooLarge:
                self = WebError(status: .contentTooLarge, code: "formTooLarge", message: form.description)
            case .malformedEscape, .invalidUTF8, .nulByte:
                self = WebError(status: .badRequest, code: "malformedForm", message: form.description)
            }
        case let upload as MultipartSpoolError:
            switch upload {
            case .fileTooLarge, .bodyTooLarge, .tooManyFiles, .tooManyFields, .fieldTooLarge:
                self = WebError(status: .contentTooLarge, code: "uploadTooLarge", message: upload.description)
            case .invalidField, .malformed:
                self = WebError(status: .badRequest, code: "malformedUpload", message: upload.description)
            case .io, .discarded:
                self = .internalError(requestID: requestID)
                self.detail = upload.description
            }
        default:
            self = .internalError(requestID: requestID)
            self.detail = String(String(describing: error).prefix(1000))
        }
    }

    init(_ error: NavigationError, requestID: String) {
        let status: HTTPResponse.Status
        switch error.kind {
        case .notFound: status = .notFound
        case .badRequest: status = .badRequest
        case .conflict: status = .conflict
        case .forbidden: status = .forbidden
        case .redirect, .internalError:
            self = .internalError(requestID: requestID)
            self.detail = error.description
            return
        }
        self.init(status: status, code: error.code, message: error.userMessage, detail: error.description)
    }
}

extension NavigationError {
    /// What the user reads: the path or route name as it appears in the address, never a Swift
    /// type (``description`` names types; it goes to the log and, in developer mode, the page).
    /// Reasons a guard gives are the app's words for its users and are shown.
    var userMessage: String {
        switch self {
        case .unknownRoute(let segment, _, let path):
            "There is no page at \(path.prefix(256)) (\"\(segment.prefix(64))\" is unknown there)."
        case .notFound(_, let reason): reason
        case .badInput(let route, let segment, let reason):
            "\"\(segment.prefix(64))\" is not a valid value for \"\(route)\" in this address: \(reason)."
        case .missingInput(let route): "The address ends where \"\(route)\" needs a value."
        case .missingRootInput(let root): "\"\(root)\" cannot be opened from an address."
        case .malformedPath(let path, let reason): "The address \(path.prefix(128)) is malformed: \(reason)."
        case .tooDeep(let limit): "The address goes deeper than \(limit) levels."
        case .nothingToPop: "There is nothing to go back to."
        case .nothingToDismiss: "There is no dialog or full-screen page to close."
        case .notDismissible: "This dialog cannot be closed here."
        case .routeNotFound(let route, _): "There is no \"\(route)\" page open to go to."
        case .cannotDismiss: "This section cannot be closed."
        case .coordinatorDismissed: "This page was already closed."
        case .refused(_, let reason): reason
        case .formNotAccepted: "This page does not accept forms."
        case .unknownTab(let name): "There is no tab \"\(name.prefix(64))\" open here."
        case .redirect, .unhandledStep, .unhandledDeepLink, .noResultExpected, .resultTypeMismatch,
            .snapshotMismatch, .coordinatorNotFound:
            "Something went wrong on our side."
        }
    }

    /// The case name, as the `error` code of JSON error bodies.
    var code: String { self.errorCode.rawValue }

    /// The case, without its values.
    var errorCode: NavigationErrorCode {
        switch self {
        case .unknownRoute: .unknownRoute
        case .notFound: .notFound
        case .badInput: .badInput
        case .missingInput: .missingInput
        case .missingRootInput: .missingRootInput
        case .malformedPath: .malformedPath
        case .tooDeep: .tooDeep
        case .nothingToPop: .nothingToPop
        case .nothingToDismiss: .nothingToDismiss
        case .notDismissible: .notDismissible
        case .routeNotFound: .routeNotFound
        case .cannotDismiss: .cannotDismiss
        case .coordinatorDismissed: .coordinatorDismissed
        case .refused: .refused
        case .redirect: .redirect
        case .unhandledStep: .unhandledStep
        case .unhandledDeepLink: .unhandledDeepLink
        case .noResultExpected: .noResultExpected
        case .resultTypeMismatch: .resultTypeMismatch
        case .formNotAccepted: .formNotAccepted
        case .unknownTab: .unknownTab
        case .snapshotMismatch: .snapshotMismatch
        case .coordinatorNotFound: .coordinatorNotFound
        }
    }
}

/// The cases of ``NavigationError`` without their values: the `error` codes of JSON bodies.
/// Adding a case to ``NavigationError`` does not compile until it is here and has a sample, so
/// the OpenAPI document's error catalogue (built from the samples) cannot miss it.
enum NavigationErrorCode: String, CaseIterable, Sendable {
    case unknownRoute, notFound, badInput, missingInput, missingRootInput, malformedPath, tooDeep, nothingToPop
    case nothingToDismiss, notDismissible, routeNotFound, cannotDismiss, coordinatorDismissed, refused, redirect
    case unhandledStep, unhandledDeepLink, noResultExpected, resultTypeMismatch, formNotAccepted, unknownTab
    case snapshotMismatch, coordinatorNotFound

    /// A value of the case (its kind, hence its status, is the case's).
    var sample: NavigationError {
        switch self {
        case .unknownRoute: .unknownRoute(segment: "", coordinator: "", path: "")
        case .notFound: .notFound(route: "", reason: "")
        case .badInput: .badInput(route: "", segment: "", reason: "")
        case .missingInput: .missingInput(route: "")
        case .missingRootInput: .missingRootInput(root: "")
        case .malformedPath: .malformedPath(path: "", reason: "")
        case .tooDeep: .tooDeep(limit: 0)
        case .nothingToPop: .nothingToPop(coordinator: "")
        case .nothingToDismiss: .nothingToDismiss
        case .notDismissible: .notDismissible(route: "")
        case .routeNotFound: .routeNotFound(route: "", coordinator: "")
        case .cannotDismiss: .cannotDismiss(coordinator: "", reason: "")
        case .coordinatorDismissed: .coordinatorDismissed(coordinator: "")
        case .refused: .refused(route: "", reason: "")
        case .redirect: .redirect(to: "/")
        case .unhandledStep: .unhandledStep(step: "")
        case .unhandledDeepLink: .unhandledDeepLink(link: "")
        case .noResultExpected: .noResultExpected(screen: "")
        case .resultTypeMismatch: .resultTypeMismatch(route: "", expected: "", actual: "")
        case .formNotAccepted: .formNotAccepted(screen: "")
        case .unknownTab: .unknownTab(name: "")
        case .snapshotMismatch: .snapshotMismatch(reason: "")
        case .coordinatorNotFound: .coordinatorNotFound(type: "")
        }
    }
}
