import Signalbox

/// One todo: toggle done or favourite, file it under a project (through the picker), or delete
/// it. A todo that does not exist (deleted, or someone else's) shows as missing.
struct TodoScreen: UserDataScreen {
    /// The todo's id (the route's input).
    let id: Int
    let account: Account

    var template: String { "todos/todo" }
    var title: String {
        get async throws { try await self.store.todo(id: self.id, of: self.user)?.title ?? "Todo #\(self.id)" }
    }
    var viewModel: ViewModel {
        get async throws {
            guard let todo = try await self.store.todo(id: self.id, of: self.user) else {
                return ["exists": false, "id": .int(self.id)]
            }
            return todo.viewModel(projects: ProjectSummaries(try await self.store.projects(of: self.user))).merging([
                "exists": true
            ])
        }
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        guard var todo = try await self.store.todo(id: self.id, of: self.user) else {
            return .invalid(TodoStoreError.notFound.description)
        }
        switch form["action"] {
        case "toggleDone":
            todo.isDone.toggle()
        case "toggleFavorite":
            todo.isFavorite.toggle()
        case "clearProject":
            todo.projectID = nil
        case "delete":
            try await self.store.deleteTodo(id: self.id, of: self.user)
            try await context.router(TodosCoordinator.self).pop()
            return .accepted
        default:
            return .invalid(
                "Unknown action.",
                fields: ["action": "Use toggleDone, toggleFavorite, clearProject or delete."]
            )
        }
        try await self.store.updateTodo(todo, for: self.user)
        return .accepted
    }
}
