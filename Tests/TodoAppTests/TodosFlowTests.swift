import Signalbox
import SignalboxTesting
import Testing

@testable import TodoApp

@Suite struct TodosFlowTests {
    private func signedIn() async throws -> TestApp {
        let app = TestApp()
        try await app.logIn()
        return app
    }

    @Test func choosingAFavouriteOnHomeShowsItInTheTodosTabFromItsList() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/todos/todo/2/pickProject")
        try await app.tree.apply(path: "/authenticated/home")
        #expect(try await app.tree.submit(["todo": "3"]) == .accepted)
        #expect(app.tree.path == "/authenticated/todos/todo/3")
        #expect(try await app.titles() == ["Todos", "Send the invitations"])
        #expect(await app.todos?.stack.count == 1)
    }

    @Test func homeRefusesAnUnknownTodo() async throws {
        let app = try await self.signedIn()
        let unknown = try await app.submit(["todo": "99"], at: "/authenticated/home")
        #expect(unknown.message == "This todo does not exist (any more).")
        #expect(try await app.tree.submit(["todo": "x"]).message != nil)
        #expect(app.tree.path == "/authenticated/home")
    }

    @Test func homeListsTheFavourites() async throws {
        let app = try await self.signedIn()
        let model = try #require(try await app.tree.branch.last?.screen.viewModel)
        guard case .list(let favorites)? = model["favorites"] else {
            Issue.record("no favourites list")
            return
        }
        #expect(favorites.map { $0["title"] } == ["Buy milk", "Send the invitations"])
    }

    @Test func creatingATodoClosesTheDialogAndShowsTheTodo() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/todos/createTodo")
        #expect(app.tree.presentation?.route == "createTodo")
        #expect(try await app.tree.submit(["title": "  Feed the Cheshire cat  "]) == .accepted)
        #expect(app.tree.path == "/authenticated/todos/todo/5")
        #expect(app.tree.presentation == nil)
        #expect(app.store.todo(id: 5, of: TestApp.alice)?.title == "Feed the Cheshire cat")
    }

    @Test(arguments: [
        ("", "This field is required."),
        ("   ", "This field is required."),
        (String(repeating: "x", count: 201), "The title can have at most 200 characters (it has 201)."),
    ])
    func aBadTitleIsRefusedAndTheDialogStays(title: String, message: String) async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/todos/createTodo")
        #expect(try await app.tree.submit(["title": title]).fieldErrors == ["title": message])
        #expect(app.tree.path == "/authenticated/todos/createTodo")
        #expect(app.store.todos(of: TestApp.alice).count == 4)
    }

    @Test func aTitleOfExactlyTwoHundredCharactersIsFine() async throws {
        let app = try await self.signedIn()
        let title = String(repeating: "é", count: 200)
        #expect(try await app.submit(["title": title], at: "/authenticated/todos/createTodo") == .accepted)
    }

    @Test func aTodoTogglesDoneAndFavourite() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/todos/todo/4")
        #expect(try await app.tree.submit(["action": "toggleDone"]) == .accepted)
        #expect(try await app.tree.submit(["action": "toggleFavorite"]) == .accepted)
        let todo = try #require(app.store.todo(id: 4, of: TestApp.alice))
        #expect(todo.isDone && todo.isFavorite)
        #expect(app.tree.path == "/authenticated/todos/todo/4")
        #expect(try await app.tree.submit(["action": "explode"]).message == "Unknown action.")
    }

    @Test func deletingATodoPopsBackToTheList() async throws {
        let app = try await self.signedIn()
        #expect(try await app.submit(["action": "delete"], at: "/authenticated/todos/todo/2") == .accepted)
        #expect(app.tree.path == "/authenticated/todos")
        #expect(app.store.todo(id: 2, of: TestApp.alice) == nil)
        // Back to the deleted todo is a 404; the tree stays on the list.
        await #expect(throws: NavigationError.notFound(route: "todo", reason: "There is no todo 2.")) {
            _ = try await app.tree.apply(path: "/authenticated/todos/todo/2")
        }
        #expect(app.tree.path == "/authenticated/todos")
    }

    @Test func pickingAProjectFilesTheTodoUnderIt() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/todos/todo/4/pickProject")
        #expect(app.tree.presentation?.closePath == "/authenticated/todos/todo/4")
        #expect(try await app.tree.submit(["project": "1"]) == .accepted)
        #expect(app.tree.path == "/authenticated/todos/todo/4")
        #expect(app.store.todo(id: 4, of: TestApp.alice)?.projectID == 1)
        #expect((try await app.tree.branch.last?.screen.viewModel)?["project"]?["name"] == "Garden")
    }

    @Test func cancellingThePickerLeavesTheTodoUnchanged() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/todos/todo/1/pickProject")
        try await app.tree.dismissTopPresentation()
        #expect(app.tree.path == "/authenticated/todos/todo/1")
        try await app.tree.apply(path: "/authenticated/todos/todo/1/pickProject")
        try await app.tree.apply(path: "/authenticated/todos/todo/1")  // Back
        #expect(app.store.todo(id: 1, of: TestApp.alice)?.projectID == 2)
    }

    @Test func thePickerRefusesAProjectOfNobody() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/todos/todo/1/pickProject")
        #expect(try await app.tree.submit(["project": "42"]).message == "Choose one of the projects.")
        #expect(app.tree.path == "/authenticated/todos/todo/1/pickProject")
    }

    @Test func oneUserNeverSeesAnothersTodos() async throws {
        let store = InMemoryTodoStore.demo()
        _ = try store.register(username: "bob", password: "tweedledum")
        let app = TestApp(store: store)
        try await app.logIn(username: "bob", password: "tweedledum")
        await #expect(throws: NavigationError.notFound(route: "todo", reason: "There is no todo 1.")) {
            _ = try await app.tree.apply(path: "/authenticated/todos/todo/1")
        }
        #expect(app.tree.path == "/authenticated/home")
        #expect(store.todo(id: 1, of: TestApp.alice) != nil)
    }

    @Test func theTodosTabKeepsItsStackWhileAnotherTabIsShown() async throws {
        let app = try await self.signedIn()
        try await app.tree.apply(path: "/authenticated/todos/todo/2")
        try await app.tree.apply(path: "/authenticated/projects")
        let todosTab = app.tree.tabBars.first?.tabs.first { $0.name == "todos" }
        #expect(todosTab?.path == "/authenticated/todos/todo/2")
        try await app.tree.apply(path: "/authenticated/todos")
        #expect(app.tree.path == "/authenticated/todos", "a path is explicit: it pops what it does not name")
    }

    @Test func theListHidesDoneTodosWhenTheSettingsSaySo() async throws {
        let app = try await self.signedIn()
        #expect(try await app.submit(["hidesCompletedTodos": "on"], at: "/authenticated/profile/settings") == .accepted)
        #expect(app.tree.path == "/authenticated/profile")
        try await app.tree.apply(path: "/authenticated/todos")
        let model = try #require(try await app.tree.branch.last?.screen.viewModel)
        #expect(model["hiddenCount"] == 1)
        try await app.submit([:], at: "/authenticated/profile/settings")
        #expect(app.store.settings(of: TestApp.alice).hidesCompletedTodos == false)
    }
}
