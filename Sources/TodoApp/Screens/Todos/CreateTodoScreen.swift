import Signalbox

/// The new-todo dialog. Creating closes it and shows the new todo.
struct CreateTodoScreen: UserDataScreen {
    let account: Account

    var template: String { "todos/create" }
    var title: String { "New todo" }
    var viewModel: ViewModel { ["maxLength": .int(Validation.maxTitleLength)] }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        switch Validation.title(form["title"] ?? "") {
        case .failure(let failure):
            return .invalid(failure.message, fields: ["title": failure.message])
        case .success(let title):
            let todo = try await self.store.addTodo(title: title, for: self.user)
            try await context.router(TodosCoordinator.self).pop().route(to: \.todo, todo.id)
            return .accepted
        }
    }
}
