import Signalbox
import SignalboxTesting
import Testing

@testable import TodoApp

@Suite struct ProjectsFlowTests {
    @Test func creatingAProjectFullScreenShowsTheNewProject() async throws {
        let app = TestApp()
        try await app.logIn()
        try await app.tree.apply(path: "/authenticated/projects/createProject")
        #expect(app.tree.presentation?.style == .fullScreen)
        #expect(try await app.tree.submit(["name": ""]).fieldErrors == ["name": "This field is required."])
        #expect(try await app.tree.submit(["name": "Croquet"]) == .accepted)
        #expect(app.tree.path == "/authenticated/projects/project/3")
        #expect(try await app.titles() == ["Projects", "Croquet"])
    }

    @Test func aProjectListsItsTodosAndTogglesFavourite() async throws {
        let app = TestApp()
        try await app.logIn()
        try await app.tree.apply(path: "/authenticated/projects/project/2")
        guard case .list(let todos)? = (try await app.tree.branch.last?.screen.viewModel)?["todos"] else {
            Issue.record("no todos")
            return
        }
        #expect(todos.map { $0["title"] } == ["Buy milk", "Send the invitations"])
        #expect(try await app.tree.submit(["action": "toggleFavorite"]) == .accepted)
        #expect(app.store.project(id: 2, of: TestApp.alice)?.isFavorite == false)
    }
}

@Suite struct TestbedTests {
    private func signedIn() async throws -> TestApp {
        let app = TestApp()
        try await app.logIn()
        try await app.tree.apply(path: "/authenticated/testbed")
        return app
    }

    @Test func testbedsNestRecursively() async throws {
        let app = try await self.signedIn()
        try await app.tree.route(toNamed: "pushCoordinator", input: nil)
        try await app.tree.route(toNamed: "modalCoordinator", input: nil)
        try await app.tree.route(toNamed: "pushScreen", input: nil)
        #expect(app.tree.path == "/authenticated/testbed/pushCoordinator/modalCoordinator/pushScreen")
        #expect(try await app.titles() == ["Testbed", "Testbed 2", "Testbed 3", "Pushed screen"])
        let model = try #require(try await app.tree.branch.last?.screen.viewModel)
        #expect(model["level"] == 3)
        #expect(model["stackCount"] == 1)
        #expect(model["depth"] == 4)
        #expect(model["canDismiss"] == true)
    }

    @Test func theSamePathRebuildsTheSameNesting() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/testbed/pushCoordinator/modalScreen/~/modalCoordinator")
        #expect(try await app.titles() == ["Testbed", "Testbed 2", "Presented screen", "Testbed 2"])
    }

    @Test func aNestedTestbedDismissesItselfButTheTabsOwnCannot() async throws {
        let app = try await self.signedIn()
        #expect((try await app.tree.branch.last?.screen.viewModel)?["canDismiss"] == false)
        await #expect(throws: NavigationError.self) { _ = try await app.tree.submit(["action": "dismissCoordinator"]) }
        try await app.tree.apply(path: "/authenticated/testbed/pushScreen/pushCoordinator/pushScreen")
        #expect(try await app.tree.submit(["action": "dismissCoordinator"]) == .accepted)
        #expect(app.tree.path == "/authenticated/testbed/pushScreen")
    }

    @Test func reselectingTheTabPopsItToItsRoot() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/testbed/pushScreen/modalCoordinator/pushScreen")
        try await app.tree.selectTab(named: "testbed")
        #expect(app.tree.path == "/authenticated/testbed")
        // Other tabs keep their stack when re-selected.
        try await app.tree.apply(path: "/authenticated/todos/todo/1")
        try await app.tree.selectTab(named: "todos")
        #expect(app.tree.path == "/authenticated/todos/todo/1")
    }

    @Test func popToRootFromADeepScreen() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/testbed/pushScreen/modalScreen")
        #expect(try await app.tree.submit(["action": "popToRoot"]) == .accepted)
        #expect(app.tree.path == "/authenticated/testbed")
    }

    @Test func theNoticesActionLeavesOneNoticeOfEachKindInOrder() async throws {
        let app = try await self.signedIn()
        #expect(try await app.tree.submit(["action": "notices"]) == .accepted)
        #expect(app.tree.path == "/authenticated/testbed")
        #expect(app.tree.takeNotices().map(\.kind) == Notice.Kind.allCases)
    }
}
