import Logging
import SignalboxTesting
import SignalboxWeb
import Testing
import TodoApp

@Suite struct LoginThrottleTests {
    let clock = ManualSessionClock()
    let alice = "203.0.113.5"
    let attacker = "198.51.100.7"

    // MARK: The policy

    @Test(
        arguments: [
            (LoginThrottle.Scope.usernameFromClient, 4, nil), (.usernameFromClient, 5, .seconds(1)),
            (.usernameFromClient, 7, .seconds(4)), (.usernameFromClient, 1_000, .seconds(15 * 60)),
            (.client, 19, nil), (.client, 20, .seconds(1)), (.client, 22, .seconds(4)),
            (.username, 19, nil), (.username, 21, .seconds(2)),
        ] as [(LoginThrottle.Scope, Int, Duration?)]
    )
    func waitsDoubleOnceTheFreeAttemptsOfAScopeAreUsedUp(
        _ scope: LoginThrottle.Scope,
        _ failures: Int,
        _ wait: Duration?
    ) {
        #expect(LoginThrottle.Policy().wait(afterFailures: failures, in: scope) == wait)
    }

    @Test func failuresPastTheFreeAttemptsWaitLongerEachTimeAndASuccessResets() {
        let throttle = LoginThrottle(policy: .init(freeAttempts: 3, maxWait: .seconds(5)), clock: self.clock)
        for _ in 0..<2 { throttle.record(username: "Alice", client: self.attacker, succeeded: false) }
        #expect(throttle.gate(for: "alice", from: self.attacker) == .open)
        throttle.record(username: "alice", client: self.attacker, succeeded: false)
        #expect(throttle.gate(for: "ALICE", from: self.attacker) == .refused(.seconds(1)))
        #expect(throttle.gate(for: "bob", from: self.attacker) == .open)  // per username
        self.clock.advance(by: .seconds(1))
        #expect(throttle.gate(for: "alice", from: self.attacker) == .open)
        throttle.record(username: "alice", client: self.attacker, succeeded: false)
        #expect(throttle.gate(for: "alice", from: self.attacker) == .refused(.seconds(2)))
        for _ in 0..<10 { throttle.record(username: "alice", client: self.attacker, succeeded: false) }
        #expect(throttle.gate(for: "alice", from: self.attacker) == .refused(.seconds(5)))  // capped
        throttle.record(username: "alice", client: self.attacker, succeeded: true)
        #expect(throttle.gate(for: "alice", from: self.attacker) == .open)
    }

    /// M3: failures from one client never refuse the user's own client.
    @Test func anotherClientsFailuresNeverRefuseTheUser() {
        let throttle = LoginThrottle(clock: self.clock)
        for _ in 0..<19 { throttle.record(username: "alice", client: self.attacker, succeeded: false) }
        #expect(throttle.gate(for: "alice", from: self.attacker) == .refused(.seconds(15 * 60)))
        #expect(throttle.gate(for: "alice", from: self.alice) == .open)
    }

    @Test func oneClientTryingManyUsernamesIsRefusedForAll() {
        let throttle = LoginThrottle(clock: self.clock)
        for index in 0..<20 { throttle.record(username: "user\(index)", client: self.attacker, succeeded: false) }
        #expect(throttle.gate(for: "someone-new", from: self.attacker) == .refused(.seconds(1)))
        #expect(throttle.gate(for: "someone-new", from: self.alice) == .open)
        // Signing in to one's own account does not wipe the count.
        throttle.record(username: "mallory", client: self.attacker, succeeded: true)
        #expect(throttle.gate(for: "someone-new", from: self.attacker) == .refused(.seconds(1)))
    }

    @Test func aUsernameGuessedFromManyClientsIsSlowedNeverRefused() {
        let throttle = LoginThrottle(clock: self.clock)
        for index in 0..<40 { throttle.record(username: "alice", client: "10.0.0.\(index)", succeeded: false) }
        #expect(throttle.gate(for: "alice", from: self.alice) == .slowed(.seconds(2)))
        #expect(throttle.gate(for: "bob", from: self.alice) == .open)
        self.clock.advance(by: .seconds(15 * 60))
        #expect(throttle.gate(for: "alice", from: self.alice) == .open)
    }

    @Test func aCountWhoseLastFailureIsOldStartsOver() {
        let throttle = LoginThrottle(clock: self.clock)
        for _ in 0..<5 { throttle.record(username: "alice", client: self.attacker, succeeded: false) }
        self.clock.advance(by: .seconds(60 * 60))
        throttle.record(username: "alice", client: self.attacker, succeeded: false)
        #expect(throttle.gate(for: "alice", from: self.attacker) == .open)  // one failure, not six
    }

    @Test func withoutAClientAddressTheFirstCountIsByUsername() {
        let throttle = LoginThrottle(clock: self.clock)
        for _ in 0..<5 { throttle.record(username: "alice", client: nil, succeeded: false) }
        #expect(throttle.gate(for: "alice", from: nil) == .refused(.seconds(1)))
        #expect(throttle.gate(for: "alice", from: self.alice) == .open)
    }

    // MARK: The login page

    func app(_ throttle: LoginThrottle) throws -> WebApp {
        var logger = Logger(label: "todo-tests")
        logger.logLevel = .critical
        return try TodoWebApp.make(
            store: InMemoryTodoStore.demo(loginThrottle: throttle),
            templates: demoTemplates,
            logger: logger
        )
    }

    func browser(_ app: WebApp, from address: String) async throws -> TestClient {
        let browser = TestClient(app)
        browser.clientAddress = address
        try await browser.get("/unauthenticated")
        return browser
    }

    @Test func theLoginPageAnswers429WithAGrowingRetryAfter() async throws {
        let throttle = LoginThrottle(clock: self.clock)
        let browser = try await self.browser(try self.app(throttle), from: self.attacker)
        for _ in 0..<5 {
            let wrong = try await browser.post("/unauthenticated", ["username": "alice", "password": "guess"])
            #expect(wrong.status == .unprocessableContent)
        }
        let refused = try await browser.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(refused.status == .tooManyRequests)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.body.contains("Too many failed logins from your address"))
        self.clock.advance(by: .seconds(1))
        try await browser.post("/unauthenticated", ["username": "alice", "password": "guess"])
        let again = try await browser.post(
            "/unauthenticated",
            ["username": "alice", "password": "wonderland"],
            json: true
        )
        #expect(again.status == .tooManyRequests)
        #expect(again.header("Retry-After") == "2")
        #expect(again.json["error"] as? String == "tooManyLogins")
        self.clock.advance(by: .seconds(2))
        let login = try await browser.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(login.status == .seeOther)
        #expect(throttle.gate(for: "alice", from: self.attacker) == .open)
    }

    /// M3, as the review did it: 19 failures from one client, then alice signs in from her own.
    @Test func aFloodOfFailuresFromOneClientDoesNotLockAliceOut() async throws {
        let app = try self.app(LoginThrottle(policy: .init(maxSlowdown: .milliseconds(1)), clock: self.clock))
        let attacker = try await self.browser(app, from: self.attacker)
        for _ in 0..<19 {
            let answer = try await attacker.post("/unauthenticated", ["username": "alice", "password": "guess"])
            #expect(answer.status == .unprocessableContent || answer.status == .tooManyRequests)
        }
        let refused = try await attacker.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(refused.status == .tooManyRequests)  // even the right password, from the attacker
        let alice = try await self.browser(app, from: self.alice)
        let login = try await alice.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(login.status == .seeOther)
        #expect(login.location == "/authenticated/home")
    }

    @Test func askingWhetherManyUsernamesAreTakenIsThrottledLikeFailedLogins() async throws {
        let app = try self.app(LoginThrottle(clock: self.clock))
        let prober = try await self.browser(app, from: self.attacker)
        try await prober.get("/unauthenticated/registration")
        for _ in 0..<5 {
            let taken = try await prober.post("/unauthenticated/registration", ["username": "alice"])
            #expect(taken.status == .unprocessableContent)
            // Free names are not counted: a visitor trying names until one is free is not slowed.
            let free = try await prober.post("/unauthenticated/registration", ["username": "free-name"])
            #expect(free.status == .seeOther)
            try await prober.get("/unauthenticated/registration")
        }
        let refused = try await prober.post("/unauthenticated/registration", ["username": "alice"])
        #expect(refused.status == .tooManyRequests)
        let other = try await self.browser(app, from: self.alice)
        try await other.get("/unauthenticated/registration")
        #expect(try await other.post("/unauthenticated/registration", ["username": "newcomer"]).status == .seeOther)
    }
}
