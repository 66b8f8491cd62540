import HTTPTypes
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct PageRequestTests {
    @Test func aPageIsHTMLWithSecurityAndCacheHeaders() async throws {
        let reply = try await Harness().browser().get("/guest")
        #expect(reply.status == 200)
        #expect(reply.contentType == "text/html; charset=utf-8")
        // No page survives a logout in the browser's back/forward cache.
        #expect(reply.header("Cache-Control") == "no-store, private")
        #expect(reply.header("X-Content-Type-Options") == "nosniff")
        #expect(reply.header("Referrer-Policy") == "same-origin")
        #expect(reply.header("X-Frame-Options") == "DENY")
        #expect(reply.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
        #expect(reply.body.hasPrefix("<!DOCTYPE html>"))
        #expect(reply.body.contains("<title>login</title>"))
        #expect(reply.body.contains("data-name=\"login\""))
    }

    @Test func theRootRedirectsToTheCurrentCanonicalPath() async throws {
        let browser = try Harness().browser()
        #expect(try await browser.get("/").location == "/guest")
        try await browser.get("/guest/signup/password/ann")
        let reply = try await browser.get("/")
        #expect(reply.status == 303)
        #expect(reply.location == "/guest/signup/password/ann")
    }

    @Test func aRefreshChangesNothing() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest/signup/password/ann")
        let id = try #require(browser.sessionID)
        let before = try await harness.snapshot(of: id)
        let again = try await browser.get("/guest/signup/password/ann")
        #expect(again.status == 200)
        #expect(try await harness.snapshot(of: id) == before)
    }

    @Test func backForwardAndBookmarksShowThePageTheirURLNames() async throws {
        let browser = try Harness().browser()
        let deep = try await browser.get("/guest/signup/password/ann")
        try await browser.get("/guest/signup")  // Back
        let forward = try await browser.get("/guest/signup/password/ann")  // Forward
        #expect(maskingCSRFTokens(forward.body) == maskingCSRFTokens(deep.body))
        let bookmark = try await browser.get("/guest/~/about")  // elsewhere entirely
        #expect(bookmark.body.contains("<dialog open"))
        let back = try await browser.get("/guest/signup")
        #expect(back.body.contains("<title>name</title>"))
        #expect(!back.body.contains("<dialog"))
    }

    @Test(arguments: [
        ("/guest/signup/password/%61nn", "/guest/signup/password/ann"),
        ("/guest/signup/password/a%20b", "/guest/signup/password/a%20b"),
        ("/guest/signup/~", "/guest/signup"),
    ])
    func aNonCanonicalPathRedirectsToItsCanonicalForm(_ path: String, _ canonical: String) async throws {
        let browser = try Harness().browser()
        let reply = try await browser.get(path)
        if path == canonical {
            #expect(reply.status == 200)
        } else {
            #expect(reply.status == 303)
            #expect(reply.location == canonical)
        }
    }

    @Test func anUnknownRouteIsA404ThatNamesTheSegmentAndKeepsTheTree() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest/signup")
        let reply = try await browser.get("/guest/signup/bogus")
        #expect(reply.status == 404)
        #expect(reply.contentType == "text/html; charset=utf-8")
        #expect(reply.body.contains("There is no page at /guest/signup/bogus (&quot;bogus&quot; is unknown there)."))
        #expect(!reply.body.contains("Coordinator"))  // no Swift type names for users
        #expect(reply.body.contains("href=\"/guest/signup\""))  // back to where the session is
        #expect(try await harness.path(of: try #require(browser.sessionID)) == "/guest/signup")
    }

    @Test func developerModeShowsTheErrorsDetailWithSwiftNames() async throws {
        let harness = try Harness(configuration: .init(developerTools: true))
        let reply = try await harness.browser().get("/guest/bogus", json: true)
        #expect(reply.status == 404)
        #expect((reply.json["detail"] as? String)?.contains("No route \"bogus\" in") == true)
        let production = try await Harness().browser().get("/guest/bogus", json: true)
        #expect(production.json["detail"] == nil)
    }

    @Test func badInputIsA400SayingWhatWasWrong() async throws {
        let browser = try Harness().browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        let reply = try await browser.get("/member/items/item/abc")
        #expect(reply.status == 400)
        #expect(reply.body.contains("expected an integer"))
        let malformed = try await browser.get("/member/items/n/%zz")
        #expect(malformed.status == 400)
    }

    @Test func aGuardRedirectIsA303WhereTheGuardSendsAndRemembersThePath() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        let reply = try await browser.get("/member/items")
        #expect(reply.status == 303)
        #expect(reply.location == "/guest")
        let id = try #require(browser.sessionID)  // kept: the pending path is state worth keeping
        #expect(try await harness.snapshot(of: id)?.pendingPath == "/member/items")
    }

    @Test func aGuardRefusalIsA403() async throws {
        let reply = try await Harness().browser().get("/guest/~/admin")
        #expect(reply.status == 403)
        #expect(reply.body.contains("admins only"))
    }

    @Test func headIsAnsweredExactlyLikeGetSoTheServerCanSendItsContentLength() async throws {
        let browser = try Harness().browser()
        let get = try await browser.get("/guest")
        let head = try await browser.get("/guest", method: .head)
        #expect(head.status == 200)
        #expect(head.contentType == "text/html; charset=utf-8")
        // The server drops the body and keeps its length (RFC 9110 §9.3.2).
        #expect(head.body.utf8.count == get.body.utf8.count)
        #expect(!head.body.isEmpty)
    }

    @Test(arguments: [HTTPRequest.Method.put, .delete, .patch, .options])
    func otherMethodsAre405WithAllow(_ method: HTTPRequest.Method) async throws {
        let reply = try await Harness().browser().send(method: method, path: "/guest", json: false)
        #expect(reply.status == 405)
        #expect(reply.header("Allow") == "GET, HEAD, POST")
    }

    @Test func pathsDeeperThanTheLimitAreRefusedBeforeReachingATree() async throws {
        let browser = try Harness(configuration: .init(maxDepth: 4)).browser()
        let reply = try await browser.get(String(repeating: "/x", count: 40))
        #expect(reply.status == 400)
        #expect(reply.body.contains("deeper than 4"))
    }

    @Test func pathsRouteInputsAndFromsLongerThanTheLimitAre414AndChangeNothing() async throws {
        let harness = try Harness(configuration: .init(maxPathBytes: 64))
        let browser = harness.browser()
        let base = "/guest/signup/password/"
        let fits = base + String(repeating: "a", count: 64 - base.utf8.count)
        #expect(try await browser.get(fits).status == 200)
        let id = try #require(browser.sessionID)
        let before = try await harness.snapshot(of: id)

        let long = try await browser.get(fits + "a", json: true)
        #expect(long.status == 414)
        #expect(long.json["error"] as? String == "pathTooLong")
        #expect(long.json["message"] as? String == "The address is longer than 64 bytes.")
        let input = String(repeating: "b", count: 65)
        #expect(try await browser.post("/_nav/pop", [("from", fits + "a")]).status == 414)
        #expect(try await browser.post("/_nav/route", [("to", "password"), ("input", input)]).status == 414)
        #expect(try await browser.post(fits + "a", [("action", "login")]).status == 414)
        #expect(try await harness.snapshot(of: id) == before)
    }

    @Test(arguments: ["*", "http://evil.example/guest", "//guest", "/guest/%", "/guest/%C3%28", "/\u{7F}"])
    func hostileTargetsNeverCauseA500(_ target: String) async throws {
        let reply = try await Harness().browser().get(target)
        #expect(reply.status.code < 500)
    }

    @Test(arguments: [
        ("GET", "/guest/signup/password/ann%00", [(String, String)](), "malformedPath"),
        ("GET", "/guest/%00", [], "malformedPath"),
        ("POST", "/guest/signup/password/ann%00", [("action", "login"), ("name", "ann")], "malformedPath"),
        ("POST", "/_nav/pop", [("from", "/guest/signup/password/ann%00")], "malformedPath"),
        ("POST", "/guest/signup", [("action", "login"), ("name", "a\u{0}b")], "malformedForm"),
    ])
    func aNULByteInAPathOrFormIsA400AndChangesNothing(
        _ method: String,
        _ path: String,
        _ fields: [(String, String)],
        _ code: String
    ) async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest/signup")
        let id = try #require(browser.sessionID)
        let before = try await harness.snapshot(of: id)
        let reply =
            method == "GET" ? try await browser.get(path, json: true) : try await browser.post(path, fields, json: true)
        #expect(reply.status == 400)
        #expect(reply.json["error"] as? String == code)
        #expect((reply.json["message"] as? String)?.contains("NUL") == true)
        #expect(try await harness.snapshot(of: id) == before)
    }

    @Test func aScriptInATitleIsRenderedEscaped() async throws {
        let browser = try Harness().browser()
        let reply = try await browser.get("/guest/signup/password/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        #expect(reply.status == 303)  // "(" and ")" are not canonical: follow the redirect
        let page = try await browser.get(try #require(reply.location))
        #expect(page.status == 200)
        #expect(!page.body.contains("<script>"))
        #expect(page.body.contains("<title>password &lt;script&gt;alert(1)&lt;/script&gt;</title>"))
        #expect(page.body.contains("<h1>password &lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(page.body.contains("aria-current=\"page\">password &lt;script&gt;"))
    }

    @Test func theDeveloperPageIsOffByDefault() async throws {
        let reply = try await Harness().browser().get("/_dev/tree")
        #expect(reply.status == 404)
    }
}
