import HTTPTypes
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Testing

@Suite struct CSRFTests {
    enum Attack: String, CaseIterable, Sendable {
        case noToken, wrongToken, tokenOfAnotherSession, crossSiteFetch, sameSiteFetch, foreignOrigin, nullOrigin
        case foreignOriginWithSameOriginFetch, otherSchemeOrigin
    }

    /// Sends one forged POST; returns the reply.
    func forge(
        _ attack: Attack,
        _ browser: TestClient,
        other: TestClient,
        path: String,
        fields: [(String, String)]
    )
        async throws
        -> TestResponse
    {
        switch attack {
        case .noToken:
            return try await browser.post(path, fields, csrf: "")
        case .wrongToken:
            return try await browser.post(path, fields, csrf: String(repeating: "0", count: 32))
        case .tokenOfAnotherSession:
            return try await browser.post(path, fields, csrf: other.csrf ?? "")
        case .crossSiteFetch:
            return try await browser.post(path, fields, headers: [(.init("Sec-Fetch-Site")!, "cross-site")])
        case .sameSiteFetch:
            return try await browser.post(path, fields, headers: [(.init("Sec-Fetch-Site")!, "same-site")])
        case .foreignOrigin:
            return try await browser.post(path, fields, headers: [(.origin, "http://evil.example")])
        case .nullOrigin:
            return try await browser.post(path, fields, headers: [(.origin, "null")])
        case .otherSchemeOrigin:
            // The same host over HTTPS is another origin than this plain-HTTP request's.
            return try await browser.post(path, fields, headers: [(.origin, "https://localhost:8080")])
        case .foreignOriginWithSameOriginFetch:
            return try await browser.post(
                path,
                fields,
                headers: [(.origin, "http://localhost:9999"), (.init("Sec-Fetch-Site")!, "same-origin")]
            )
        }
    }

    @Test(arguments: Attack.allCases)
    func aForgedNavigationIsRefusedWith403AndChangesNothing(_ attack: Attack) async throws {
        let harness = try Harness()
        let browser = harness.browser()
        let other = harness.browser()
        try await browser.get("/guest/signup/password/ann")
        try await other.get("/guest")
        let id = try #require(browser.sessionID)
        let before = try await harness.snapshot(of: id)

        let reply = try await self.forge(
            attack,
            browser,
            other: other,
            path: "/_nav/pop",
            fields: [("from", "/guest/signup/password/ann")]
        )
        #expect(reply.status == 403)
        #expect(try await harness.snapshot(of: id) == before)
    }

    @Test(arguments: Attack.allCases)
    func aForgedFormIsRefusedWith403AndChangesNothing(_ attack: Attack) async throws {
        let harness = try Harness()
        let browser = harness.browser()
        let other = harness.browser()
        try await browser.get("/guest/signup")
        try await other.get("/guest")
        let id = try #require(browser.sessionID)

        let reply = try await self.forge(
            attack,
            browser,
            other: other,
            path: "/guest",
            fields: [("action", "login"), ("name", "mallory")]
        )
        #expect(reply.status == 403)
        #expect(try await harness.path(of: id) == "/guest/signup")
        #expect(browser.sessionID == id)
    }

    @Test func theTokenMayComeInAHeader() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest/signup")
        let token = try #require(browser.csrf)
        let reply = try await browser.post(
            "/_nav/pop",
            [("from", "/guest/signup")],
            csrf: "",
            headers: [(.init("X-CSRF-Token")!, token)]
        )
        #expect(reply.status == 303)
    }

    @Test(arguments: [
        [("Sec-Fetch-Site", "same-origin"), ("Origin", "http://localhost:8080")],
        [("Sec-Fetch-Site", "none")],
        [("Origin", "http://LOCALHOST:8080")],
        [("Origin", "https://app.example.com")],
    ])
    func sameOriginAndTrustedRequestsPass(_ headers: [(String, String)]) async throws {
        let harness = try Harness(configuration: .init(trustedOrigins: ["https://app.example.com"]))
        let browser = harness.browser()
        try await browser.get("/guest/signup")
        let reply = try await browser.post(
            "/_nav/pop",
            [("from", "/guest/signup")],
            headers: headers.map { (.init($0.0)!, $0.1) }
        )
        #expect(reply.status == 303)
    }

    @Test func behindTLSTheOriginIsHTTPSWhenCookiesAreSecure() async throws {
        let harness = try Harness(configuration: .init(secureCookies: true))
        let browser = harness.browser()
        try await browser.get("/guest/signup")
        let plain = try await browser.post(
            "/_nav/pop",
            [("from", "/guest/signup")],
            headers: [(.origin, "http://localhost:8080")]
        )
        #expect(plain.status == 403)
        let secure = try await browser.post(
            "/_nav/pop",
            [("from", "/guest/signup")],
            headers: [(.origin, "https://localhost:8080")]
        )
        #expect(secure.status == 303)
    }

    @Test func theJSONErrorSaysWhy() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")
        let reply = try await browser.post("/_nav/route", [("to", "signup")], csrf: "", json: true)
        #expect(reply.status == 403)
        #expect(reply.json["error"] as? String == "invalidCSRFToken")
        let cross = try await browser.post(
            "/_nav/route",
            [("to", "signup")],
            json: true,
            headers: [(.origin, "http://evil.example")]
        )
        #expect(cross.json["error"] as? String == "crossOrigin")
    }
}
