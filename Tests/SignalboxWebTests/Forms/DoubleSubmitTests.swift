import Foundation
import HTTPTypes
import Signalbox
import SignalboxTesting
@_spi(SessionStores) import SignalboxWeb
import Synchronization
import Testing

/// A repeated submission (double click, Back and resubmit, a retry) is answered, not applied again.
@Suite struct DoubleSubmitTests {
    /// A browser on the page whose form counts (`action=count`), and the page's submission id.
    func page(_ harness: Harness) async throws -> (TestClient, String) {
        let browser = harness.browser()
        let page = try await browser.get("/guest")
        return (browser, try #require(page.submissionID))
    }

    @Test func aPageGivesItsFormsAFreshSubmissionIDEachTimeItIsShown() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        let first = try #require(try await browser.get("/guest").submissionID)
        let second = try #require(try await browser.get("/guest").submissionID)
        #expect(first.count == 32 && second.count == 32 && first != second)
    }

    @Test func theSameSubmissionTwiceInARowIsAppliedOnceAndAnsweredWithTheSameLocation() async throws {
        let harness = try Harness()
        let (browser, id) = try await self.page(harness)
        let first = try await browser.post("/guest", [("action", "count"), ("_submission", id)])
        let again = try await browser.post("/guest", [("action", "count"), ("_submission", id)])
        #expect(first.status == .seeOther && again.status == .seeOther)
        #expect(again.location == first.location)
        #expect(harness.probe.submissions.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test func theSameSubmissionTwiceAtOnceIsAppliedOnce() async throws {
        let harness = try Harness()
        let (browser, id) = try await self.page(harness)
        let cookies = browser.cookies
        let csrf = try #require(browser.csrf)
        let locations = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let twin = harness.browser()
                    twin.cookies = cookies
                    return try await twin.post("/guest", [("action", "count"), ("_submission", id)], csrf: csrf)
                        .location
                }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(Set(locations) == ["/guest"])
        #expect(locations.count == 8)
        #expect(harness.probe.submissions.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test func anotherFormOfTheSamePageIsANewSubmission() async throws {
        let harness = try Harness()
        let (browser, id) = try await self.page(harness)
        try await browser.post("/guest", [("action", "count"), ("_submission", id)])
        let other = try await browser.post("/guest", [("action", "login"), ("name", "ann"), ("_submission", id)])
        #expect(other.location == "/member/home")
    }

    @Test func aFormWithoutASubmissionIDIsAppliedEachTime() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")
        try await browser.post("/guest", ["action": "count"])
        try await browser.post("/guest", ["action": "count"])
        #expect(harness.probe.submissions.load(ordering: .sequentiallyConsistent) == 2)
    }

    @Test func aRefusedSubmissionIsNotRememberedAndRunsAgain() async throws {
        let harness = try Harness()
        let (browser, id) = try await self.page(harness)
        let refused = try await browser.post("/guest", [("action", "login"), ("name", ""), ("_submission", id)])
        #expect(refused.status == .unprocessableContent)
        let again = try await browser.post("/guest", [("action", "login"), ("name", ""), ("_submission", id)])
        #expect(again.status == .unprocessableContent)
    }

    @Test func anAPIClientSendsAnIdempotencyKey() async throws {
        let harness = try Harness()
        let client = harness.browser()
        try await client.get("/guest", json: true)
        let key: [(HTTPField.Name, String)] = [(HTTPField.Name("Idempotency-Key")!, "\"8e03978e-40d5-43e8\"")]
        let first = try await client.post("/guest", ["action": "count"], json: true, headers: key)
        let again = try await client.post("/guest", ["action": "count"], json: true, headers: key)
        #expect(first.status == .ok && again.status == .ok)
        #expect(again.json["path"] as? String == "/guest")
        #expect(harness.probe.submissions.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test func theSessionKeepsOnlyTheLatestSubmissions() async throws {
        let harness = try Harness()
        let browser = harness.browser()
        try await browser.get("/guest")
        let limit = NavigationTree.answeredSubmissionLimit
        for index in 0...limit {
            try await browser.post("/guest", [("action", "count"), ("_submission", "id-\(index)")])
        }
        let id = try #require(browser.sessionID)
        let snapshot = try #require(try await harness.snapshot(of: id))
        #expect(snapshot.submissions.count == limit)
        // The oldest was forgotten: sent again, it is applied again.
        try await browser.post("/guest", [("action", "count"), ("_submission", "id-0")])
        try await browser.post("/guest", [("action", "count"), ("_submission", "id-\(limit)")])
        #expect(harness.probe.submissions.load(ordering: .sequentiallyConsistent) == limit + 2)
    }

    @Test func answeredSubmissionsTravelInTheSnapshotsJSON() throws {
        let snapshot = NavigationSnapshot(
            root: .navigation(type: "A", root: EntrySnapshot(route: "start"), stack: []),
            submissions: [AnsweredSubmission(key: "k1", path: "/a"), AnsweredSubmission(key: "k2", path: "/b\"c")]
        )
        let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(snapshot.jsonText.utf8))
        #expect(decoded == snapshot)
        let empty = NavigationSnapshot(root: snapshot.root)
        #expect(!empty.jsonText.contains("submissions"))
        #expect(try JSONDecoder().decode(NavigationSnapshot.self, from: Data(empty.jsonText.utf8)) == empty)
    }
}
