import HTTPTypes
import Signalbox
import SignalboxHTTP
import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    /// 24 concurrent form posts to one session: the handler, which does a slow non-atomic
    /// read-modify-write on the session's screen and counts how many handlers run at once,
    /// must never see a second one inside, and no update may be lost.
    @Test func oneSessionsRequestsNeverInterleave() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")
        let cookie = try #require(browser.sessionID).rawValue
        let token = try #require(browser.csrf)
        var fields = HTTPFields()
        fields[.cookie] = "signalbox_session=\(cookie)"
        fields[.contentType] = "application/x-www-form-urlencoded"
        let request = Request(
            head: HTTPRequest(
                method: .post,
                scheme: "http",
                authority: "localhost",
                path: "/guest",
                headerFields: fields
            ),
            body: Array("_csrf=\(token)&action=count".utf8)
        )
        let app = harness.app
        let count = 24

        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
                group.addTask { (try? await app.respond(to: request))?.status.code ?? 0 }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }

        #expect(statuses == Array(repeating: 303, count: count))
        #expect(harness.probe.submissions.load(ordering: .sequentiallyConsistent) == count)
        #expect(harness.probe.maxInside.load(ordering: .sequentiallyConsistent) == 1)
        let state = try await browser.get("/guest", json: true)
        let screen = try #require(state.json["screen"] as? [String: Any])
        #expect(screen["count"] as? Int == count)
    }

    @Test func differentSessionsKeepSeparateTrees() async throws {
        let harness = try Harness()
        let app = harness.app
        let paths = (0..<8).map { "/guest/signup/password/user\($0)" }
        let finals = try await withThrowingTaskGroup(of: (String, String?).self) { group in
            for path in paths {
                group.addTask {
                    let reply = TestResponse(
                        try await app.respond(
                            to: Request(
                                head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path)
                            )
                        )
                    )
                    let cookie = reply.setCookies.first?.split(separator: ";").first.map(String.init) ?? ""
                    var fields = HTTPFields()
                    fields[.cookie] = cookie
                    fields[.accept] = "application/json"
                    let state = TestResponse(
                        try await app.respond(
                            to: Request(
                                head: HTTPRequest(
                                    method: .get,
                                    scheme: "http",
                                    authority: "localhost",
                                    path: "/",
                                    headerFields: fields
                                )
                            )
                        )
                    )
                    return (path, state.json["path"] as? String)
                }
            }
            return try await group.reduce(into: [String: String?]()) { $0[$1.0] = $1.1 }
        }
        for path in paths { #expect(finals[path] == path) }
        #expect(try await harness.app.sessionCount == paths.count)
    }
}
