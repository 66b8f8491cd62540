import Signalbox

/// The new-todo dialog. Creating closes it and shows the new todo.
struct CreateTodoScreen: UserDataScreen, FormScreen {
    struct Form: FormValidatable {
        var title: String

        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(
                \.title,
                hint: "Up to \(Validation.maxTitleLength) characters.",
                autocomplete: "off",
                .title()
            )
        }
    }

    let account: Account

    var template: String { "todos/create" }
    var title: String { "New todo" }
    var viewModel: ViewModel { [:] }

    func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
        let todo: Todo
        do {
            todo = try await self.store.addTodo(title: form.title, for: self.user)
        } catch {
            return try .answering(error)
        }
        try await context.router(TodosCoordinator.self).pop().route(to: \.todo, todo.id)
        context.notify(.success, "Todo “\(todo.title)” created.")
        return .accepted
    }
}
