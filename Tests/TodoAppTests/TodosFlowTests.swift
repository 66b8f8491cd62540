import Signalbox
import Testing
@testable import TodoApp

@Suite struct TodosFlowTests {
    private func signedIn() throws -> TestApp {
        let app = TestApp()
        try app.logIn()
        return app
    }

    @Test func choosingAFavouriteOnHomeShowsItInTheTodosTabFromItsList() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/todos/todo/2/pickProject")
        try app.tree.apply(path: "/authenticated/home")
        #expect(try app.tree.submit(["todo": "3"]) == .accepted)
        #expect(app.tree.path == "/authenticated/todos/todo/3")
        #expect(app.titles == ["Todos", "Send the invitations"])
        #expect(app.todos?.stack.count == 1)
    }

    @Test func homeRefusesAnUnknownTodo() throws {
        let app = try self.signedIn()
        let unknown = try app.submit(["todo": "99"], at: "/authenticated/home")
        #expect(unknown.message == "This todo does not exist (any more).")
        #expect(try app.tree.submit(["todo": "x"]).message != nil)
        #expect(app.tree.path == "/authenticated/home")
    }

    @Test func homeListsTheFavourites() throws {
        let app = try self.signedIn()
        let model = try #require(app.tree.branch.last?.screen.viewModel)
        guard case .list(let favorites)? = model["favorites"] else {
            Issue.record("no favourites list")
            return
        }
        #expect(favorites.map { $0["title"] } == ["Buy milk", "Send the invitations"])
    }

    @Test func creatingATodoClosesTheDialogAndShowsTheTodo() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/todos/createTodo")
        #expect(app.tree.presentation?.route == "createTodo")
        #expect(try app.tree.submit(["title": "  Feed the Cheshire cat  "]) == .accepted)
        #expect(app.tree.path == "/authenticated/todos/todo/5")
        #expect(app.tree.presentation == nil)
        #expect(app.store.todo(id: 5, of: TestApp.alice)?.title == "Feed the Cheshire cat")
    }

    @Test(arguments: [
        ("", "Please enter a title."),
        ("   ", "Please enter a title."),
        (String(repeating: "x", count: 201), "The title can have at most 200 characters (it has 201)."),
    ])
    func aBadTitleIsRefusedAndTheDialogStays(title: String, message: String) throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/todos/createTodo")
        #expect(try app.tree.submit(["title": title]).message == message)
        #expect(app.tree.path == "/authenticated/todos/createTodo")
        #expect(app.store.todos(of: TestApp.alice).count == 4)
    }

    @Test func aTitleOfExactlyTwoHundredCharactersIsFine() throws {
        let app = try self.signedIn()
        let title = String(repeating: "é", count: 200)
        #expect(try app.submit(["title": title], at: "/authenticated/todos/createTodo") == .accepted)
    }

    @Test func aTodoTogglesDoneAndFavourite() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/todos/todo/4")
        #expect(try app.tree.submit(["action": "toggleDone"]) == .accepted)
        #expect(try app.tree.submit(["action": "toggleFavorite"]) == .accepted)
        let todo = try #require(app.store.todo(id: 4, of: TestApp.alice))
        #expect(todo.isDone && todo.isFavorite)
        #expect(app.tree.path == "/authenticated/todos/todo/4")
        #expect(try app.tree.submit(["action": "explode"]).message == "Unknown action.")
    }

    @Test func deletingATodoPopsBackToTheList() throws {
        let app = try self.signedIn()
        #expect(try app.submit(["action": "delete"], at: "/authenticated/todos/todo/2") == .accepted)
        #expect(app.tree.path == "/authenticated/todos")
        #expect(app.store.todo(id: 2, of: TestApp.alice) == nil)
        // Back to the deleted todo is a 404; the tree stays on the list.
        #expect(throws: NavigationError.notFound(route: "todo", reason: "There is no todo 2.")) {
            try app.tree.apply(path: "/authenticated/todos/todo/2")
        }
        #expect(app.tree.path == "/authenticated/todos")
    }

    @Test func pickingAProjectFilesTheTodoUnderIt() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/todos/todo/4/pickProject")
        #expect(app.tree.presentation?.closePath == "/authenticated/todos/todo/4")
        #expect(try app.tree.submit(["project": "1"]) == .accepted)
        #expect(app.tree.path == "/authenticated/todos/todo/4")
        #expect(app.store.todo(id: 4, of: TestApp.alice)?.projectID == 1)
        #expect(app.tree.branch.last?.screen.viewModel["project"]?["name"] == "Garden")
    }

    @Test func cancellingThePickerLeavesTheTodoUnchanged() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/todos/todo/1/pickProject")
        try app.tree.dismissTopPresentation()
        #expect(app.tree.path == "/authenticated/todos/todo/1")
        try app.tree.apply(path: "/authenticated/todos/todo/1/pickProject")
        try app.tree.apply(path: "/authenticated/todos/todo/1")  // Back
        #expect(app.store.todo(id: 1, of: TestApp.alice)?.projectID == 2)
    }

    @Test func thePickerRefusesAProjectOfNobody() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/todos/todo/1/pickProject")
        #expect(try app.tree.submit(["project": "42"]).message == "Choose one of the projects.")
        #expect(app.tree.path == "/authenticated/todos/todo/1/pickProject")
    }

    @Test func oneUserNeverSeesAnothersTodos() throws {
        let store = InMemoryTodoStore.demo()
        _ = try store.register(username: "bob", password: "tweedledum")
        let app = TestApp(store: store)
        try app.logIn(username: "bob", password: "tweedledum")
        #expect(throws: NavigationError.notFound(route: "todo", reason: "There is no todo 1.")) {
            try app.tree.apply(path: "/authenticated/todos/todo/1")
        }
        #expect(app.tree.path == "/authenticated/home")
        #expect(store.todo(id: 1, of: TestApp.alice) != nil)
    }

    @Test func theTodosTabKeepsItsStackWhileAnotherTabIsShown() throws {
        let app = try self.signedIn()
        try app.tree.apply(path: "/authenticated/todos/todo/2")
        try app.tree.apply(path: "/authenticated/projects")
        let todosTab = app.tree.tabBars.first?.tabs.first { $0.name == "todos" }
        #expect(todosTab?.path == "/authenticated/todos/todo/2")
        try app.tree.apply(path: "/authenticated/todos")
        #expect(app.tree.path == "/authenticated/todos", "a path is explicit: it pops what it does not name")
    }

    @Test func theListHidesDoneTodosWhenTheSettingsSaySo() throws {
        let app = try self.signedIn()
        #expect(try app.submit(["hidesCompletedTodos": "on"], at: "/authenticated/profile/settings") == .accepted)
        #expect(app.tree.path == "/authenticated/profile")
        try app.tree.apply(path: "/authenticated/todos")
        let model = try #require(app.tree.branch.last?.screen.viewModel)
        #expect(model["hiddenCount"] == 1)
        try app.submit([:], at: "/authenticated/profile/settings")
        #expect(app.store.settings(of: TestApp.alice).hidesCompletedTodos == false)
    }
}
