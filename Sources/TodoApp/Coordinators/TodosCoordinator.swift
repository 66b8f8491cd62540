public import Signalbox

/// The Todos tab: the list (its later pages pushed, by number), a todo (pushed, by id), the
/// new-todo dialog, and the project picker presented over a todo, which answers with the chosen
/// ``Project``.
///
/// Paths below `/authenticated/todos`: `/page/2`, `/todo/3`, `/page/2/todo/51`, `/createTodo`,
/// `/todo/3/pickProject`.
public final class TodosCoordinator: NavigationCoordinatable {
    /// The stack: starts on the list.
    public let stack = NavigationStack(initial: \TodosCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var page = makePage
    @Route(.push) var todo = makeTodo
    @Route(.modal) var createTodo = makeCreateTodo
    @Route(.modal, onResult: didPickProject) var pickProject = makePickProject

    let account: Account

    /// The signed-in user whose todos are shown.
    public var user: User { self.account.user }
    var store: any TodoStore { self.account.store }

    init(account: Account) {
        self.account = account
    }

    func makeStart() -> TodoListScreen { TodoListScreen(account: self.account) }
    func makePage(number: Int) -> TodoListScreen { TodoListScreen(account: self.account, page: number) }
    func makeTodo(id: Int) -> TodoScreen { TodoScreen(id: id, account: self.account) }
    func makeCreateTodo() -> CreateTodoScreen { CreateTodoScreen(account: self.account) }
    func makePickProject() -> PickProjectScreen { PickProjectScreen(account: self.account) }

    /// A todo that does not exist (deleted, or another user's) is a 404, whether reached by a
    /// link, Back, or a router call; so is a page past the last (the first is the list itself).
    public func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        if let number = attempt.input(for: \.page) {
            let count = try await TodoListScreen.pageCount(of: self.store.todos(of: self.user).count)
            return (1...count).contains(number) ? .allow : .notFound("There is no page \(number) of todos.")
        }
        guard let id = attempt.input(for: \.todo) else { return .allow }
        return try await self.store.todo(id: id, of: self.user) == nil ? .notFound("There is no todo \(id).") : .allow
    }

    /// The picker closed: with a project, file the todo it was opened from under it; cancelled,
    /// leave the todo as it was.
    func didPickProject(_ result: RouteResult<Project>) async throws {
        guard case .finished(let project) = result,
            let screen = self.topScreen as? TodoScreen,
            var todo = try await self.store.todo(id: screen.id, of: self.user)
        else { return }
        todo.projectID = project.id
        // A todo deleted meanwhile cannot be filed; there is nothing left to show an error on.
        // Storage that cannot be written is the request's failure (503), not silence.
        do {
            try await self.store.updateTodo(todo, for: self.user)
        } catch {
            guard error == .notFound || error == .unknownUser else { throw error }
        }
    }
}
