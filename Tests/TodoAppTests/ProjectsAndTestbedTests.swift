import Signalbox
import Testing
@testable import TodoApp

@Suite struct ProjectsFlowTests {
    @Test func creatingAProjectFullScreenShowsTheNewProject() throws {
        let app = TestApp()
        try app.logIn()
        try app.tree.apply(path: "/authenticated/projects/createProject")
        #expect(app.tree.presentation?.style == .fullScreen)
        #expect(try app.tree.submit(["name": ""]).message == "Please enter a name.")
        #expect(try app.tree.submit(["name": "Croquet"]) == .accepted)
        #expect(app.tree.path == "/authenticated/projects/project/3")
        #expect(app.titles == ["Projects", "Croquet"])
    }

    @Test func aProjectListsItsTodosAndTogglesFavourite() throws {
        let app = TestApp()
        try app.logIn()
        try app.tree.apply(path: "/authenticated/projects/project/2")
        guard case .list(let todos)? = app.tree.branch.last?.screen.viewModel["todos"] else {
            Issue.record("no todos")
            return
        }
        #expect(todos.map { $0["title"] } == ["Buy milk", "Send the invitations"])
        #expect(try app.tree.submit(["action": "toggleFavorite"]) == .accepted)
        #expect(app.store.project(id: 2, of: TestApp.alice)?.isFavorite == false)
    }
}

@Suite struct TestbedTests {
    private func signedIn() throws -> TestApp {
        let app = TestApp()
        try app.logIn()
        try app.tree.apply(path: "/authenticated/testbed")
        return app
    }

    @Test func testbedsNestRecursively() throws {
        let app = try self.signedIn()
        try app.tree.route(toNamed: "pushCoordinator", input: nil)
        try app.tree.route(toNamed: "modalCoordinator", input: nil)
        try app.tree.route(toNamed: "pushScreen", input: nil)
        #expect(app.tree.path == "/authenticated/testbed/pushCoordinator/modalCoordinator/pushScreen")
        #expect(app.titles == ["Testbed", "Testbed 2", "Testbed 3", "Pushed screen"])
        let model = try #require(app.tree.branch.last?.screen.viewModel)
        #expect(model["level"] == 3)
        #expect(model["stackCount"] == 1)
        #expect(model["depth"] == 4)
        #expect(model["canDismiss"] == true)
    }

    @Test func theSamePathRebuildsTheSameNesting() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/testbed/pushCoordinator/modalScreen/~/modalCoordinator")
        #expect(app.titles == ["Testbed", "Testbed 2", "Presented screen", "Testbed 2"])
    }

    @Test func aNestedTestbedDismissesItselfButTheTabsOwnCannot() throws {
        let app = try self.signedIn()
        #expect(app.tree.branch.last?.screen.viewModel["canDismiss"] == false)
        #expect(throws: NavigationError.self) { try app.tree.submit(["action": "dismissCoordinator"]) }
        try app.tree.apply(path: "/authenticated/testbed/pushScreen/pushCoordinator/pushScreen")
        #expect(try app.tree.submit(["action": "dismissCoordinator"]) == .accepted)
        #expect(app.tree.path == "/authenticated/testbed/pushScreen")
    }

    @Test func reselectingTheTabPopsItToItsRoot() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/testbed/pushScreen/modalCoordinator/pushScreen")
        try app.tree.selectTab(named: "testbed")
        #expect(app.tree.path == "/authenticated/testbed")
        // Other tabs keep their stack when re-selected.
        try app.tree.apply(path: "/authenticated/todos/todo/1")
        try app.tree.selectTab(named: "todos")
        #expect(app.tree.path == "/authenticated/todos/todo/1")
    }

    @Test func popToRootFromADeepScreen() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/testbed/pushScreen/modalScreen")
        #expect(try app.tree.submit(["action": "popToRoot"]) == .accepted)
        #expect(app.tree.path == "/authenticated/testbed")
    }
}
