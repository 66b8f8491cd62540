import Foundation
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct SessionLifecycleTests {
    @Test func aFirstPageCreatesASessionWithAnHttpOnlyLaxCookie() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        let reply = try await browser.get("/guest")
        #expect(reply.status == 200)
        let cookie = try #require(reply.setCookies.first)
        #expect(cookie.hasPrefix("signalbox_session="))
        #expect(cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Lax"))
        #expect(try await harness.app.sessionCount == 1)
        #expect(browser.csrf?.count == 32)
    }

    @Test func pagesMayRunAgainButPostsRunOnceSoASharedStoreCanChooseHowToSerialise() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")  // new: no session to ask for yet
        try await browser.get("/guest")
        try await browser.post("/_nav/route", ["to": "signup", "from": "/guest"])
        try await browser.post("/guest", ["name": ""])
        try await browser.get("/_dev/tree")
        #expect(harness.accesses.all == [.retryable, .exclusive, .exclusive])
    }

    /// A Cookie header stuffed with ids costs at most four look-ups: the real session is found
    /// behind three planted ids, not behind a hundred and fifty.
    @Test func onlyTheFirstFewSessionIDsOfARequestAreLookedUp() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "login", "name": "ann"])
        let real = try #require(browser.cookies["signalbox_session"])
        let planted = (1...150).map { String(repeating: "0", count: 29) + String(format: "%03d", $0) }
        // The jar writes `name=value`: a value holding more pairs sends several cookies of the name.
        browser.cookies["signalbox_session"] = (planted.prefix(3) + [real]).joined(separator: "; signalbox_session=")
        let found = try await browser.get("/member/home")
        #expect(found.status == .ok)
        #expect(found.setCookies.isEmpty)
        browser.cookies["signalbox_session"] = (planted + [real]).joined(separator: "; signalbox_session=")
        let stuffed = try await browser.get("/member/home")
        #expect(stuffed.status == .seeOther)  // not signed in: the real id was never looked up
        #expect(stuffed.location == "/guest")
    }

    @Test func secureCookiesAreMarkedSecure() async throws {
        let harness = try Harness(configuration: .init(secureCookies: true))
        let reply = try await harness.browser().get("/guest")
        #expect(reply.setCookies.first?.hasSuffix("; Secure") == true)
    }

    @Test(arguments: ["/nope", "/app.css", "/favicon.ico", "/guest/nope", "/", "/guest/signup/password/%62ob"])
    func cookielessRequestsThatShowNoPageCreateNoSession(_ path: String) async throws {
        let harness = try Harness()
        let reply = try await harness.browser().get(path)
        #expect(reply.status != 200)
        #expect(reply.setCookies.isEmpty)
        #expect(try await harness.app.sessionCount == 0)
    }

    @Test func aNavigationPostWithoutASessionIsRefusedAndCreatesNothing() async throws {
        let harness = try Harness()
        let reply = try await harness.browser().post("/_nav/route", ["to": "signup"], csrf: "x")
        #expect(reply.status == 403)
        #expect(reply.setCookies.isEmpty)
        #expect(try await harness.app.sessionCount == 0)
    }

    @Test(arguments: [
        "0123456789abcdef0123456789abcdef",  // well-formed but unknown (planted)
        "not-a-session-id",
        "0123456789ABCDEF0123456789ABCDEF",
    ])
    func anUnknownOrMalformedIDIsNeverAdopted(_ planted: String) async throws {
        let harness = try Harness()
        let browser = harness.browser()
        browser.cookies["signalbox_session"] = planted
        let reply = try await browser.get("/guest")
        #expect(reply.status == 200)
        let issued = try #require(browser.sessionID)
        #expect(issued.rawValue != planted)
        #expect(try await harness.path(of: issued) == "/guest")
        if let plantedID = SessionID(rawValue: planted) {
            #expect(try await harness.path(of: plantedID) == nil)
        }
        #expect(try await harness.app.sessionCount == 1)
    }

    @Test func requestsWithTheCookieReuseTheSession() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest/signup")
        let id = try #require(browser.sessionID)
        let reply = try await browser.get("/guest/signup/password/ann")
        #expect(reply.setCookies.isEmpty)
        #expect(browser.sessionID == id)
        #expect(try await harness.path(of: id) == "/guest/signup/password/ann")
        #expect(try await harness.app.sessionCount == 1)
    }

    @Test func loggingInRotatesTheIDAndMovesTheState() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")
        let old = try #require(browser.sessionID)
        let oldToken = try #require(browser.csrf)

        let reply = try await browser.post("/guest", ["action": "login", "name": "ann"])
        #expect(reply.status == 303)
        #expect(reply.location == "/member/home")
        let new = try #require(browser.sessionID)
        #expect(new != old)
        #expect(try await harness.path(of: old) == nil)
        #expect(try await harness.path(of: new) == "/member/home")
        #expect(try await harness.app.sessionCount == 1)

        // The old CSRF token died with the old id.
        let page = try await browser.get("/member/home")
        #expect(page.status == 200)
        #expect(browser.csrf != oldToken)
        let stale = try await browser.post("/_nav/tab", ["to": "items"], csrf: oldToken)
        #expect(stale.status == 403)
    }

    @Test func anIdleSessionExpiresAndTheNextVisitStartsAFreshOne() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest/signup/password/ann")
        let old = try #require(browser.sessionID)

        harness.clock.advance(by: .seconds(29 * 60))
        #expect(try await browser.get("/guest/signup/password/ann").setCookies.isEmpty)
        harness.clock.advance(by: .seconds(30 * 60))

        let reply = try await browser.get("/guest/signup")
        #expect(reply.status == 200)
        let new = try #require(browser.sessionID)
        #expect(new != old)
        #expect(try await harness.path(of: new) == "/guest/signup")
        #expect(try await harness.path(of: old) == nil)
    }

    @Test func aSessionExpiresAtTheAbsoluteTimeoutHoweverBusy() async throws {
        let harness = try Harness(configuration: .init(idleTimeout: .seconds(600), absoluteTimeout: .seconds(3600)))
        let browser = harness.browser()
        try await browser.get("/guest")
        let first = try #require(browser.sessionID)
        for _ in 0..<5 {
            harness.clock.advance(by: .seconds(590))
            #expect(try await browser.get("/guest").setCookies.isEmpty)
        }
        harness.clock.advance(by: .seconds(600))
        #expect(try await browser.get("/guest").setCookies.count == 1)
        #expect(browser.sessionID != first)
    }

    @Test func beyondTheCapTheLeastRecentlyUsedSessionIsEvicted() async throws {
        let harness = try Harness(configuration: .init(maxSessions: 2))
        let (a, b, c) = (harness.browser(), harness.browser(), harness.browser())
        try await a.get("/guest")
        try await b.get("/guest")
        try await a.get("/guest/signup")  // b is now the least recently used
        try await c.get("/guest")
        #expect(try await harness.app.sessionCount == 2)
        #expect(try await a.get("/guest").setCookies.isEmpty)
        #expect(try await b.get("/guest").setCookies.count == 1)  // b was evicted: a new session
    }

    @Test func theStoreSweepsExpiredSessionsByItselfAsRequestsArrive() async throws {
        let harness = try Harness()
        try await harness.browser().get("/guest")
        try await harness.browser().get("/guest")
        harness.clock.advance(by: .seconds(31 * 60))
        #expect(try await harness.app.sessionCount == 2)  // nothing ran since: nothing swept
        try await harness.browser().get("/guest")
        #expect(try await harness.app.sessionCount == 1)
        #expect(try await harness.app.sweepExpiredSessions() == 0)
    }

    @Test func aFloodOfCookielessOrForgedCookieRequestsNeverLogsOutASignedInUser() async throws {
        let harness = try Harness(configuration: .init(maxSessions: 100))
        let user = harness.browser()
        try await user.get("/guest")
        try await user.post("/guest", ["action": "login", "name": "ann"])
        #expect(try await user.get("/member/items").status == 200)
        for index in 0..<1_000 {
            let visitor = harness.browser()
            if index.isMultiple(of: 2) { visitor.cookies["signalbox_session"] = String(repeating: "ab", count: 16) }
            #expect(try await visitor.get("/guest").status == 200)
        }
        #expect(try await harness.app.sessionCount == 100)
        let page = try await user.get("/member/items")
        #expect(page.status == 200)
        #expect(page.setCookies.isEmpty)  // the same session, not a new one
        #expect(page.body.contains("items"))
    }
}
