import SignalboxTesting
import Testing
import TodoApp

@Suite struct LoginThrottleTests {
    let clock = ManualSessionClock()

    @Test func failuresPastTheFreeAttemptsWaitLongerEachTimeAndASuccessResets() {
        let throttle = LoginThrottle(freeAttempts: 3, maxWait: .seconds(5), clock: self.clock)
        for _ in 0..<2 { throttle.record(username: "Alice", succeeded: false) }
        #expect(throttle.wait(for: "alice") == nil)
        throttle.record(username: "alice", succeeded: false)
        #expect(throttle.wait(for: "ALICE") == .seconds(1))
        #expect(throttle.wait(for: "bob") == nil)  // per username
        self.clock.advance(by: .seconds(1))
        #expect(throttle.wait(for: "alice") == nil)
        throttle.record(username: "alice", succeeded: false)
        #expect(throttle.wait(for: "alice") == .seconds(2))
        for _ in 0..<10 { throttle.record(username: "alice", succeeded: false) }
        #expect(throttle.wait(for: "alice") == .seconds(5))  // capped
        throttle.record(username: "alice", succeeded: true)
        #expect(throttle.wait(for: "alice") == nil)
    }

    @Test func theLoginPageAnswers429WithAGrowingRetryAfter() async throws {
        let throttle = LoginThrottle(freeAttempts: 5, clock: self.clock)
        let browser = try WebClient.demo(store: .demo(loginThrottle: throttle))
        try await browser.get("/unauthenticated")
        for _ in 0..<5 {
            let wrong = try await browser.post("/unauthenticated", ["username": "alice", "password": "guess"])
            #expect(wrong.status == .unprocessableContent)
        }
        let refused = try await browser.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(refused.status == .tooManyRequests)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.body.contains("Too many failed logins"))
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
        #expect(throttle.wait(for: "alice") == nil)
    }
}
