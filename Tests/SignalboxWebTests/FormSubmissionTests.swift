import HTTPTypes
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct FormSubmissionTests {
    func browser(at path: String, _ harness: Harness) async throws -> TestClient {
        let browser = harness.browser()
        #expect(try await browser.get(path).status == 200)
        return browser
    }

    @Test func anAcceptedFormRedirectsToTheNewCanonicalPath() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        let reply = try await browser.post("/guest", ["action": "login", "name": "ann"])
        #expect(reply.status == 303)
        #expect(reply.location == "/member/home")
        #expect(try await browser.get("/member/home").status == 200)
    }

    @Test func aFormGoesToTheScreenOnTopOfItsPath() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        try await browser.get("/member/lab")  // the session is elsewhere now
        let reply = try await browser.post("/member/items/pick", ["action": "finish", "value": "x"])
        #expect(reply.location == "/member/items")
    }

    @Test func aRejectedFormIsShownAgainWith422KeepingTheInput() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest/signup", harness)
        let reply = try await browser.post("/guest/signup", ["action": "login", "name": "", "extra": "<b>kept</b>"])
        #expect(reply.status == 422)
        #expect(reply.contentType == "text/html; charset=utf-8")
        #expect(reply.body.contains("<p class=\"form-error\" role=\"alert\">Who are you?</p>"))
        #expect(reply.body.contains("<span class=\"field-error\">Enter a name</span>"))
        #expect(try await harness.path(of: try #require(browser.sessionID)) == "/guest/signup")

        let typed = try await browser.post("/guest/signup", ["action": "bogus", "name": "<ann>"])
        #expect(typed.status == 422)
        #expect(typed.body.contains("<input name=\"name\" value=\"&lt;ann&gt;\">"))
    }

    @Test func aRejectedFormAnswersJSONWithTheRejection() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        let reply = try await browser.post("/guest", ["action": "login", "name": ""], json: true)
        #expect(reply.status == 422)
        #expect(reply.json["error"] as? String == "invalidForm")
        #expect(reply.json["message"] as? String == "Who are you?")
        #expect(reply.json["status"] as? Int == 422)
        #expect(reply.json["fieldErrors"] as? [String: String] == ["name": "Enter a name"])
        #expect(reply.json["form"] as? [String: String] == ["action": "login", "name": ""])
        #expect(reply.json["path"] as? String == "/guest")
    }

    @Test(arguments: [false, true])
    func aRejectedFormNeverSendsASecretFieldBack(json: Bool) async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        let reply = try await browser.post(
            "/guest",
            ["action": "login", "name": "", "password": "TopSecret123", "newPassword": "Hunter2", "apiToken": "t0k"],
            json: json
        )
        #expect(reply.status == 422)
        for secret in ["TopSecret123", "Hunter2", "t0k"] { #expect(!reply.body.contains(secret)) }
        if json { #expect(reply.json["form"] as? [String: String] == ["action": "login", "name": ""]) }
    }

    @Test func aScreenThatTakesNoFormsAnswers400() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest/~/about", harness)
        let reply = try await browser.post("/guest/~/about", ["anything": "1"])
        #expect(reply.status == 400)
        #expect(reply.body.contains("does not accept forms"))
    }

    @Test func anAppErrorIsA500WithARequestIDAndNoInternals() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        let reply = try await browser.post("/guest", ["action": "crash"])
        #expect(reply.status == 500)
        let requestID = try #require(reply.header("X-Request-ID"))
        #expect(reply.body.contains(requestID))
        #expect(!reply.body.contains("AppFailure"))
        let json = try await browser.post("/guest", ["action": "crash"], json: true)
        #expect(json.json["error"] as? String == "internalError")
        #expect(json.json["requestId"] as? String == json.header("X-Request-ID"))
    }

    @Test func anAppErrorThatKnowsItsStatusIsAnsweredWithIt() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        let reply = try await browser.post("/guest", ["action": "missing"], json: true)
        #expect(reply.status == 404)
        #expect(reply.json["error"] as? String == "thingNotFound")
    }

    @Test func oversizedFormsAre413() async throws {
        let harness = try Harness(configuration: .init(maxFormBytes: 1024, maxFormFields: 5))
        let browser = try await self.browser(at: "/guest", harness)
        let big = try await browser.post("/guest", ["action": "login", "name": String(repeating: "a", count: 2000)])
        #expect(big.status == 413)
        let many = try await browser.post("/guest", ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5"])
        #expect(many.status == 413)  // five fields plus _csrf
    }

    @Test func malformedBodiesAre400AndOtherEncodingsAre415() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest", harness)
        let token = try #require(browser.csrf)
        let malformed = try await browser.send(
            method: .post,
            path: "/guest",
            json: false,
            body: Array("_csrf=\(token)&name=%ZZ".utf8),
            headers: [(.contentType, "application/x-www-form-urlencoded")]
        )
        #expect(malformed.status == 400)
        let multipart = try await browser.send(
            method: .post,
            path: "/guest",
            json: false,
            body: Array("--x\r\n".utf8),
            headers: [(.contentType, "multipart/form-data; boundary=x")]
        )
        #expect(multipart.status == 400, "a truncated multipart body")
        let json = try await browser.send(
            method: .post,
            path: "/guest",
            json: false,
            body: Array(#"{"name":"ann"}"#.utf8),
            headers: [(.contentType, "application/json")]
        )
        #expect(json.status == 415)
    }

    @Test func aFormToAnUnknownPathIs404AndChangesNothing() async throws {
        let harness = try Harness()
        let browser = try await self.browser(at: "/guest/signup", harness)
        let reply = try await browser.post("/guest/nowhere", ["action": "login", "name": "ann"])
        #expect(reply.status == 404)
        #expect(try await harness.path(of: try #require(browser.sessionID)) == "/guest/signup")
    }
}
