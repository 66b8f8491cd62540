import HTTPTypes
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct ErrorMappingTests {
    @Test(arguments: [
        (NavigationError.unknownRoute(segment: "x", coordinator: "SecretCoordinator", path: "/x"), 404, "unknownRoute"),
        (.routeNotFound(route: "r", coordinator: "SecretCoordinator"), 404, "routeNotFound"),
        (.unknownTab(name: "t"), 404, "unknownTab"),
        (.badInput(route: "r", segment: "s", reason: "why"), 400, "badInput"),
        (.missingInput(route: "r"), 400, "missingInput"),
        (.malformedPath(path: "p", reason: "why"), 400, "malformedPath"),
        (.tooDeep(limit: 3), 400, "tooDeep"),
        (.formNotAccepted(screen: "SecretScreen"), 400, "formNotAccepted"),
        (.nothingToPop(coordinator: "SecretCoordinator"), 409, "nothingToPop"),
        (.nothingToDismiss, 409, "nothingToDismiss"),
        (.notDismissible(route: "r"), 409, "notDismissible"),
        (.cannotDismiss(coordinator: "SecretCoordinator", reason: "why"), 409, "cannotDismiss"),
        (.coordinatorDismissed(coordinator: "SecretCoordinator"), 409, "coordinatorDismissed"),
        (.missingRootInput(root: "r"), 409, "missingRootInput"),
        (.refused(route: "r", reason: "no"), 403, "refused"),
        (.unhandledStep(step: "s"), 500, "internalError"),
        (.unhandledDeepLink(link: "l"), 500, "internalError"),
        (.noResultExpected(screen: "s"), 500, "internalError"),
        (.resultTypeMismatch(route: "r", expected: "A", actual: "B"), 500, "internalError"),
        (.snapshotMismatch(reason: "why"), 500, "internalError"),
        (.redirect(to: "/x"), 500, "internalError"),
    ])
    func navigationErrorsMapByKind(_ error: NavigationError, _ status: Int, _ code: String) {
        let mapped = WebError(error, requestID: "r1")
        #expect(mapped.status.code == status)
        #expect(mapped.code == code)
        if status == 500 {
            #expect(mapped.message.contains("r1"))
            #expect(mapped.requestID == "r1")
        } else {
            // Users read the address's words; the Swift names stay in the detail (log, dev mode).
            #expect(!mapped.message.contains("Secret"))
            #expect(!mapped.message.isEmpty)
            #expect(mapped.detail == error.description)
        }
    }

    @Test(arguments: [
        (FormDecodingError.tooLarge(limit: 1), 413), (.tooManyFields(limit: 1), 413), (.fieldTooLarge(limit: 1), 413),
        (.malformedEscape, 400), (.invalidUTF8, 400), (.nulByte, 400),
    ])
    func formErrorsMapTo400Or413(_ error: FormDecodingError, _ status: Int) {
        #expect(WebError(error, requestID: "r").status.code == status)
    }

    @Test func unknownErrorsAre500sThatRevealNothing() async {
        struct Secret: Error, CustomStringConvertible { var description: String { "password=hunter2" } }
        let mapped = WebError(Secret(), requestID: "abc")
        #expect(mapped.status == .internalServerError)
        #expect(!mapped.message.contains("hunter2"))
        #expect(mapped.message.contains("abc"))
    }
}
