import Signalbox

/// A todo as templates and JSON clients see it: its fields and its project's (null when it has
/// none). Lists of them are `try .list(encoding: rows)`.
struct TodoRow: Encodable {
    let id: Int
    let title: String
    let isDone: Bool
    let isFavorite: Bool
    /// The project's view model, encoded once per page for every row that shows it.
    let project: ViewModel

    init(_ todo: Todo, projects: ProjectIndex) {
        self.id = todo.id
        self.title = todo.title
        self.isDone = todo.isDone
        self.isFavorite = todo.isFavorite
        self.project = projects[todo.projectID]
    }

    /// The rows of `todos`, each with its project looked up once per page.
    static func rows(_ todos: some Sequence<Todo>, projects: [Project]) throws -> [TodoRow] {
        let index = try ProjectIndex(projects)
        return todos.map { TodoRow($0, projects: index) }
    }
}

/// A user's projects by id, each encoded once, for the rows of a page.
struct ProjectIndex {
    private let ids: [Int]
    private let models: [ViewModel]

    init(_ projects: [Project]) throws {
        self.ids = projects.map(\.id)
        // One list: the projects' fields share one array.
        guard case .list(let models) = try ViewModel.list(encoding: projects) else { preconditionFailure() }
        self.models = models
    }

    /// The project's view model, or null for a todo without (or with an unknown) project.
    subscript(id: Int?) -> ViewModel {
        guard let id, let index = self.ids.firstIndex(of: id) else { return .null }
        return self.models[index]
    }
}
