import Foundation
import Signalbox
import SignalboxTesting
import Testing

@testable import SignalboxWeb

/// The OpenAPI document and the contract check built on it: the check catches every kind of
/// drift between what the server answers and what the document says.
@Suite struct APIContractTests {
    /// A signed-in page's JSON state, as the fixture answers it.
    static func memberState() async throws -> (Harness, String) {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        let page = try await browser.get("/member/items/item/3/pick", json: true)
        #expect(page.status == .ok)
        return (harness, page.body)
    }

    /// Changes one key of a JSON object text.
    static func editing(_ json: String, _ edit: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        edit(&object)
        return Array(try JSONSerialization.data(withJSONObject: object))
    }

    @Test func aRealAnswerMatches() async throws {
        let (harness, state) = try await Self.memberState()
        let contract = APIContract(OpenAPIDocument(app: harness.app))
        #expect(
            contract.problems(
                method: .get,
                target: "/member/items/item/3/pick",
                status: 200,
                contentType: "application/json",
                body: Array(state.utf8)
            ) == []
        )
    }

    struct Drift: Sendable, CustomTestStringConvertible {
        var name: String
        var status = 200
        var contentType = "application/json"
        var target = "/member/items/item/3/pick"
        var edit: @Sendable (inout [String: Any]) -> Void = { _ in }
        var body: String?
        var expected: String
        var testDescription: String { self.name }
    }

    static let drifts: [Drift] = [
        Drift(name: "an extra key", edit: { $0["extra"] = 1 }, expected: "$: key \"extra\" is not in the document"),
        Drift(name: "a missing key", edit: { $0["csrf"] = nil }, expected: "$: missing required key \"csrf\""),
        Drift(name: "a wrong type", edit: { $0["path"] = 3 }, expected: "$.path: expected string, got integer"),
        Drift(
            name: "a null where none is allowed",
            edit: { $0["breadcrumbs"] = NSNull() },
            expected: "$.breadcrumbs: expected array, got null"
        ),
        Drift(
            name: "a nested wrong value",
            edit: { state in
                var modal = state["modal"] as! [String: Any]
                modal["style"] = "sheet"
                state["modal"] = modal
            },
            expected: "$.modal: matches none of anyOf"
        ),
        Drift(
            name: "a snapshot of an unknown shape",
            edit: { $0["tree"] = ["root": ["stack": []]] },
            expected: "$.tree.root: matches 0 of oneOf"
        ),
        Drift(
            name: "an undocumented error code",
            status: 404,
            body: #"{"error":"oops","message":"x","status":404}"#,
            expected: "$.error: \"oops\" is not one of"
        ),
        Drift(
            name: "an error whose status disagrees",
            status: 404,
            body: #"{"error":"unknownRoute","message":"x","status":400}"#,
            expected: "$.status: expected 404, got 400"
        ),
        Drift(name: "an undocumented status", status: 418, expected: "status 418 is not documented"),
        Drift(
            name: "a page answered where the document has no path",
            target: "/elsewhere",
            expected: "GET /elsewhere: no documented path answers 200"
        ),
        Drift(
            name: "an undocumented content type",
            contentType: "text/plain",
            expected: "content type text/plain is not documented"
        ),
        Drift(
            name: "an undocumented error status for an unknown action",
            status: 418,
            target: "/_nav/nope",
            body: "{}",
            expected: "status 418 is not a documented error status"
        ),
    ]

    @Test(arguments: Self.drifts)
    func everyDriftIsCaught(_ drift: Drift) async throws {
        let (harness, state) = try await Self.memberState()
        let contract = APIContract(OpenAPIDocument(app: harness.app))
        let body = try drift.body.map { Array($0.utf8) } ?? Self.editing(state, drift.edit)
        let problems = contract.problems(
            method: .get,
            target: drift.target,
            status: drift.status,
            contentType: drift.contentType,
            body: body
        )
        #expect(problems.contains { $0.contains(drift.expected) }, "\(problems)")
    }

    @Test func theTestClientThrowsWhenAnAnswerDoesNotMatch() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        // A document of another app: the fixture's pages are not in it, its errors are.
        var other = WebApp.Configuration()
        other.openAPI.errors = []
        browser.contract = APIContract(OpenAPIDocument(configuration: other, routes: RouteMap(root: EmptyRoot())))
        try await browser.get("/", json: true)  // the page operations of / describe it
        await #expect(throws: ContractViolation.self) {
            try await browser.get("/guest", json: true)  // not a path of that document
        }
        browser.contract = APIContract(OpenAPIDocument(app: harness.app))
        try await browser.get("/guest", json: true)
        // An app error the document does not list.
        browser.contract = APIContract(
            OpenAPIDocument(configuration: other, routes: RouteMap(tree: harness.app.makeTree()))
        )
        await #expect(throws: ContractViolation.self) {
            try await browser.post("/guest", ["action": "missing"], json: true)
        }
    }

    /// Every navigation error a client can be answered with is in the catalogue under the status
    /// it maps to. (``NavigationErrorCode`` lists every case by construction: `errorCode` and
    /// `sample` are exhaustive switches.)
    @Test func everyClientFacingNavigationErrorIsDocumentedUnderItsStatus() {
        let catalogue = ErrorCatalogue(app: [])
        for code in NavigationErrorCode.allCases {
            let error = code.sample
            #expect(error.code == code.rawValue)
            let web = WebError(error, requestID: "r")
            switch error.kind {
            case .redirect, .internalError:
                #expect(web.status == .internalServerError)
                #expect(catalogue.codes[500]?.contains(code.rawValue) != true, "\(code) is internal")
            case .notFound, .badRequest, .conflict, .forbidden:
                #expect(catalogue.codes[web.status.code]?.contains(code.rawValue) == true, "\(code)")
            }
        }
        #expect(NavigationError.clientErrorSamples.count == 16)
    }

    @Test func theDeveloperPageServesTheDocument() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let page = try await harness.browser().get("/_dev/openapi.json")
        #expect(page.status == .ok)
        #expect(page.contentType == "application/json")
        #expect(page.body == OpenAPIDocument(app: harness.app).text)
        let off = try Harness()
        #expect(try await off.browser().get("/_dev/openapi.json").status == .notFound)
    }
}

/// A root with one screen, for a document with no pages of its own.
final class EmptyRoot: NavigationCoordinatable {
    let stack = NavigationStack(initial: \EmptyRoot.start)
    @Root var start = makeStart
    func makeStart() -> FixtureScreen { FixtureScreen("start") }
}
