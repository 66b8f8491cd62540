import Foundation
import HTTPTypes
import SignalboxTesting
import Testing
import TodoApp

/// One-time notices: left by a handler, shown by the next page, never twice.
@Suite struct NoticeTests {
    static let created = "<p class=\"notice notice-success\">Todo “Feed the cat” created.</p>"

    @Test func aNoticeIsShownOnceOnThePageAfterTheRedirect() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/todos/createTodo")
        let created = try await client.post("/authenticated/todos/createTodo", ["title": "Feed the cat"])
        #expect(created.status == .seeOther)
        let page = try await client.follow(created)
        #expect(page.body.contains("<div class=\"notices\" role=\"status\">\n\(Self.created)"))
        #expect(page.header("ETag") == nil)  // a copy of it must never come back as a 304
        let again = try await client.get(try #require(created.location))
        #expect(!again.body.contains("notice-success"))
        #expect(!again.body.contains("role=\"status\""))
        #expect(again.header("ETag") != nil)
    }

    @Test func jsonClientsGetTheNoticesInTheStateOnce() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/todos/todo/1")
        let toggled = try await client.post("/authenticated/todos/todo/1", ["action": "toggleFavorite"], json: true)
        #expect(try toggled.state.notices == [Notice(.success, "Removed from favourites.")])
        let next = try await client.get("/authenticated/todos/todo/1", json: true)
        #expect(try next.state.notices == [])
        #expect(try next.state.screen["isFavorite"] == false)
    }

    @Test func aHeadRequestLeavesTheNoticeForThePage() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/todos/todo/2")
        let deleted = try await client.post("/authenticated/todos/todo/2", ["action": "delete"])
        let target = try #require(deleted.location)
        #expect(try await client.get(target, method: .head).status == .ok)
        let page = try await client.get(target)
        #expect(page.body.contains("<p class=\"notice notice-success\">Todo “Paint the roses red” deleted.</p>"))
    }

    @Test func signingOutSaysSoOnTheLoginPage() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        try await client.get("/authenticated/profile")
        let page = try await client.follow(try await client.post("/authenticated/profile", ["action": "logout"]))
        #expect(page.body.contains("<p class=\"notice notice-info\">You are signed out.</p>"))
    }

    @Test func aRepeatedSubmissionLeavesNoSecondNotice() async throws {
        let client = try WebClient.demo()
        try await client.logIn()
        let form = try await client.get("/authenticated/projects/createProject")
        let id = try #require(form.submissionID)
        let first = try await client.post(
            "/authenticated/projects/createProject",
            [("name", "Garden"), ("_submission", id)]
        )
        let second = try await client.post(
            "/authenticated/projects/createProject",
            [("name", "Garden"), ("_submission", id)]
        )
        #expect(second.location == first.location)
        let page = try await client.follow(second)
        #expect(page.body.components(separatedBy: "Project “Garden” created.").count == 2)
    }
}
