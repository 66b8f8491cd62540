import Foundation
import SignalboxTesting
import SignalboxWeb
import Testing
import TodoApp

/// The Projects tab is a split coordinator: one URL shows the list beside a project; the list
/// alone shows the detail pane's placeholder; a full-screen form and a modal above it keep their
/// own layout.
@Suite struct SplitViewTests {
    private func signedIn() async throws -> TestClient {
        var logger = Logger(label: "todo-tests")
        logger.logLevel = .critical
        let client = TestClient(
            try TodoWebApp.make(store: InMemoryTodoStore.demo(), templates: demoTemplates, logger: logger)
        )
        try await client.get("/unauthenticated")
        let login = try await client.post("/unauthenticated", ["username": "alice", "password": "wonderland"])
        #expect(login.location == "/authenticated/home")
        return client
    }

    /// The HTML between `<div class="split-master">` and `<div class="split-detail">`, and after it.
    private func panes(_ html: String) throws -> (master: String, detail: String) {
        let master = try #require(html.range(of: #"<div class="split-master">"#))
        let detail = try #require(html.range(of: #"<div class="split-detail">"#))
        return (String(html[master.upperBound..<detail.lowerBound]), String(html[detail.upperBound...]))
    }

    @Test func aProjectsURLShowsTheListBesideTheProject() async throws {
        let client = try await self.signedIn()
        let page = try await client.get("/authenticated/projects/project/2")
        #expect(page.status == .ok)
        #expect(page.body.contains(#"<div class="split has-detail">"#))
        let (master, detail) = try self.panes(page.body)
        #expect(master.contains(#"<h1 id="projects-heading">Projects</h1>"#))
        #expect(master.contains(#"href="/authenticated/projects/project/1""#))
        #expect(master.contains(#"href="/authenticated/projects/project/2""#))
        #expect(!master.contains("project-heading\""))
        #expect(detail.contains(#"<h1 id="project-heading">"#))
        #expect(detail.contains("Buy milk"))
        // The page is the project's: its title, breadcrumbs back to the list, its form.
        #expect(page.body.contains(#"<a href="/authenticated/projects">Projects</a>"#))
        #expect(detail.contains(#"action="/authenticated/projects/project/2""#))
    }

    @Test func theListAloneShowsThePlaceholderInTheDetailPane() async throws {
        let client = try await self.signedIn()
        let page = try await client.get("/authenticated/projects")
        #expect(page.body.contains(#"<div class="split">"#))
        let (master, detail) = try self.panes(page.body)
        #expect(master.contains(#"<h1 id="projects-heading">Projects</h1>"#))
        #expect(detail.contains(#"<p class="split-placeholder">Choose a project to see its todos.</p>"#))
        #expect(page.body.components(separatedBy: #"id="projects-heading""#).count == 2)
    }

    @Test func aFullScreenFormAboveTheSplitViewReplacesBothPanes() async throws {
        let client = try await self.signedIn()
        let page = try await client.get("/authenticated/projects/createProject")
        #expect(page.status == .ok)
        #expect(!page.body.contains(#"class="split"#))
        #expect(!page.body.contains("projects-heading"))
    }

    @Test func otherTabsAreNotSplit() async throws {
        let client = try await self.signedIn()
        let page = try await client.get("/authenticated/todos")
        #expect(page.status == .ok)
        #expect(!page.body.contains(#"class="split"#))
    }

    @Test func theJSONStateIsTheSameStackWithOrWithoutTheSplitLayout() async throws {
        let client = try await self.signedIn()
        let state = try await client.get("/authenticated/projects/project/2", json: true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.body.utf8)) as? [String: Any])
        let crumbs = try #require(json["breadcrumbs"] as? [[String: Any]])
        #expect(
            crumbs.compactMap { $0["path"] as? String }.suffix(2) == [
                "/authenticated/projects", "/authenticated/projects/project/2",
            ]
        )
    }
}
