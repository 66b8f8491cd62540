import Signalbox

/// One project: its todos and a favourite toggle.
struct ProjectScreen: UserDataScreen {
    /// The project's id (the route's input).
    let id: Int
    let account: Account

    var template: String { "projects/project" }
    var title: String {
        get async throws { try await self.store.project(id: self.id, of: self.user)?.name ?? "Project #\(self.id)" }
    }
    var viewModel: ViewModel {
        get async throws {
            guard let project = try await self.store.project(id: self.id, of: self.user) else {
                return ["exists": false, "id": .int(self.id)]
            }
            let all = try await self.store.todos(of: self.user)
            let todos = all.filter { $0.projectID == project.id }
            return try ViewModel(encoding: ProjectRow(project, todos: all)).merging([
                "exists": true,
                "todos": try .list(encoding: try TodoRow.rows(todos, projects: [project])),
                "hasTodos": .bool(!todos.isEmpty),
            ])
        }
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        guard var project = try await self.store.project(id: self.id, of: self.user) else {
            return .invalid(TodoStoreError.notFound.description)
        }
        guard form["action"] == "toggleFavorite" else {
            return .invalid("Unknown action.", fields: ["action": "Use toggleFavorite."])
        }
        project.isFavorite.toggle()
        try await self.store.updateProject(project, for: self.user)
        context.notify(.success, project.isFavorite ? "Added to favourites." : "Removed from favourites.")
        return .accepted
    }
}
