import Signalbox

extension Todo {
    /// The fields templates and JSON clients see; `project` is the project's fields when filed.
    func writeFields(into fields: inout ViewModel.Fields, projects: ProjectSummaries) {
        fields["id"] = .int(self.id)
        fields["title"] = .string(self.title)
        fields["isDone"] = .bool(self.isDone)
        fields["isFavorite"] = .bool(self.isFavorite)
        fields["project"] = projects[self.projectID]
    }

    /// This todo's fields as an object.
    func viewModel(projects: ProjectSummaries) -> ViewModel {
        var fields = ViewModel.Fields()
        self.writeFields(into: &fields, projects: projects)
        return .object(fields)
    }
}

extension ViewModel {
    /// A list of todos, each with its project's fields: the rows share one block of storage.
    static func todos(_ todos: some Sequence<Todo>, projects: ProjectSummaries) -> ViewModel {
        .list(todos) { todo, fields in todo.writeFields(into: &fields, projects: projects) }
    }
}

extension Project {
    /// The fields templates and JSON clients see.
    func viewModel(todoCount: Int?) -> ViewModel {
        var fields: ViewModel.Fields = [
            "id": .int(self.id),
            "name": .string(self.name),
            "isFavorite": .bool(self.isFavorite),
        ]
        if let todoCount { fields["todoCount"] = .int(todoCount) }
        return .object(fields)
    }
}

/// Each of a user's projects as a todo shows it (no todo count), made once for a page of todos
/// rather than once per todo.
struct ProjectSummaries {
    private let ids: [Int]
    private let models: [ViewModel]

    init(_ projects: [Project]) {
        self.ids = projects.map(\.id)
        self.models = projects.map { $0.viewModel(todoCount: nil) }
    }

    /// The project's fields, or null for a todo without (or with an unknown) project.
    subscript(id: Int?) -> ViewModel {
        guard let id, let index = self.ids.firstIndex(of: id) else { return .null }
        return self.models[index]
    }
}
