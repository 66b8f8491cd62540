import HTTPTypes
import Signalbox
import SignalboxHTTP
import SignalboxTesting
import Testing

@testable import SignalboxWeb

@Suite struct ClientLimitsTests {
    // MARK: Who the client is

    @Test(
        arguments: [
            // (peer, X-Forwarded-For, trusted proxies, client)
            ("198.51.100.7", nil, [], "198.51.100.7"),
            ("198.51.100.7", "203.0.113.5", [], "198.51.100.7"),  // an untrusted peer's claim is ignored
            ("127.0.0.1", "203.0.113.5", ["127.0.0.1"], "203.0.113.5"),
            ("127.0.0.1", "1.2.3.4, 203.0.113.5", ["127.0.0.1"], "203.0.113.5"),  // the client wrote 1.2.3.4
            ("127.0.0.1", "203.0.113.5, 10.0.0.2", ["127.0.0.1", "10.0.0.2"], "203.0.113.5"),  // two proxies
            ("127.0.0.1", nil, ["127.0.0.1"], "127.0.0.1"),
            ("127.0.0.1", "not-an-address", ["127.0.0.1"], "127.0.0.1"),
            ("::ffff:127.0.0.1", "2001:DB8::1", ["127.0.0.1"], "2001:db8::1"),
        ] as [(String, String?, [String], String)]
    )
    func theClientIsThePeerOrTheAddressATrustedProxyForwarded(
        _ peer: String,
        _ forwarded: String?,
        _ trusted: [String],
        _ client: String
    ) {
        var fields = HTTPFields()
        if let forwarded { fields[ClientAddress.forwardedFor] = forwarded }
        let request = Request(
            head: HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/", headerFields: fields),
            clientAddress: peer
        )
        #expect(ClientAddress.of(request, trustedProxies: ClientAddress.trusted(trusted)) == client)
    }

    @Test func aRequestWithoutAPeerAddressHasNoClientToLimit() {
        let request = Request(head: HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/"))
        #expect(ClientAddress.of(request, trustedProxies: []) == nil)
    }

    // MARK: The allowance

    @Test func aClientGetsItsAllowancePerMinuteAndTheWaitForTheNextOne() {
        var limit = ClientRateLimit(perMinute: 3)
        let start = SessionInstant(sinceEpoch: .seconds(1_000))
        for _ in 0..<3 { #expect(limit.take("a", now: start) == nil) }
        #expect(limit.take("a", now: start) == .seconds(20))
        #expect(limit.take("b", now: start) == nil)  // another client has its own
        #expect(limit.take("a", now: start + .seconds(10)) == .seconds(10))
        #expect(limit.take("a", now: start + .seconds(20)) == nil)  // one token back after 20 s
        #expect(limit.take("a", now: start + .seconds(20)) != nil)
    }

    @Test func aFullTableForgetsRefilledClientsAndNeverRefusesANewOne() {
        var limit = ClientRateLimit(perMinute: 1, capacity: 2)
        let start = SessionInstant(sinceEpoch: .seconds(1_000))
        #expect(limit.take("a", now: start) == nil)
        #expect(limit.take("b", now: start) == nil)
        #expect(limit.take("c", now: start) == nil)  // untracked: admitted
        #expect(limit.count == 2)
        #expect(limit.take("d", now: start + .seconds(60)) == nil)  // a and b refilled: forgotten
        #expect(limit.count == 1)
    }

    @Test func zeroMeansNoLimit() {
        var limit = ClientRateLimit(perMinute: 0)
        for _ in 0..<1_000 { #expect(limit.take("a", now: SessionInstant(sinceEpoch: .zero)) == nil) }
        #expect(limit.count == 0)
    }

    // MARK: New sessions

    @Test func oneAddressCannotStartMoreSessionsAMinuteThanItsAllowance() async throws {
        let harness = try Harness(configuration: .init(newSessionsPerMinute: 2))
        func visitor(_ address: String) -> TestClient {
            let browser = harness.browser()
            browser.clientAddress = address
            return browser
        }
        let first = visitor("198.51.100.7")
        #expect(try await first.get("/guest").status == .ok)
        #expect(try await visitor("198.51.100.7").get("/guest").status == .ok)
        let refused = try await visitor("198.51.100.7").get("/guest")
        #expect(refused.status == .tooManyRequests)
        #expect(refused.headerFields[.retryAfter] == "30")
        #expect(refused.setCookies.isEmpty)
        #expect(refused.body.contains("Too many new sessions from your address"))
        let json = try await visitor("198.51.100.7").get("/guest", json: true)
        #expect(json.status == .tooManyRequests)
        #expect(json.body.contains("\"error\":\"tooManyNewSessions\""))
        #expect(try await harness.app.sessionCount == 2)
        // A session the address has already goes on; another address is not affected.
        #expect(try await first.get("/guest/signup").status == .ok)
        #expect(try await visitor("198.51.100.8").get("/guest").status == .ok)
        harness.clock.advance(by: .seconds(30))
        #expect(try await visitor("198.51.100.7").get("/guest").status == .ok)
    }

    @Test func behindATrustedProxyTheForwardedAddressIsTheClient() async throws {
        let harness = try Harness(configuration: .init(trustedProxies: ["127.0.0.1"], newSessionsPerMinute: 1))
        func visitor(from peer: String, forwarded: String) -> TestClient {
            let browser = harness.browser()
            browser.clientAddress = peer
            browser.headers = [(ClientAddress.forwardedFor, forwarded)]
            return browser
        }
        #expect(try await visitor(from: "127.0.0.1", forwarded: "203.0.113.5").get("/guest").status == .ok)
        #expect(try await visitor(from: "127.0.0.1", forwarded: "203.0.113.6").get("/guest").status == .ok)
        let again = try await visitor(from: "127.0.0.1", forwarded: "203.0.113.5").get("/guest")
        #expect(again.status == .tooManyRequests)
        // A client that is not the proxy cannot pick a fresh address by claiming one.
        #expect(try await visitor(from: "198.51.100.7", forwarded: "1.1.1.1").get("/guest").status == .ok)
        #expect(try await visitor(from: "198.51.100.7", forwarded: "1.1.1.2").get("/guest").status == .tooManyRequests)
    }

    // MARK: Requests in progress behind a proxy

    @Test func aProxiedClientHasABoundedNumberOfRequestsInProgress() {
        let limits = ClientLimits(.init(trustedProxies: ["127.0.0.1"], maxRequestsPerProxiedClient: 2))
        #expect(limits.start("203.0.113.5"))
        #expect(limits.start("203.0.113.5"))
        #expect(!limits.start("203.0.113.5"))
        #expect(limits.start("203.0.113.6"))
        #expect(limits.start(nil))  // direct: the server's own limit holds it
        limits.finish("203.0.113.5")
        #expect(limits.start("203.0.113.5"))
    }

    // MARK: The session cap (M1)

    /// The M1 attack: at the cap, sessions that come back once no longer log a signed-in user out.
    @Test func aFloodOfReturningVisitorsAtTheCapDoesNotLogOutASignedInUser() async throws {
        let harness = try Harness(configuration: .init(maxSessions: 5))
        let alice = harness.browser()
        try await alice.get("/guest")
        try await alice.post("/guest", ["action": "login", "name": "alice"])
        #expect(try await alice.get("/member/home").status == .ok)
        for _ in 0..<20 {
            let attacker = harness.browser()
            try await attacker.get("/guest")
            try await attacker.get("/guest/signup")  // comes back with its cookie
        }
        #expect(try await harness.app.sessionCount == 5)
        let home = try await alice.get("/member/home")
        #expect(home.status == .ok)
        #expect(home.setCookies.isEmpty)
    }
}
