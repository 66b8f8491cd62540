import Signalbox

extension Todo {
    /// The fields templates and JSON clients see; `project` is the project's name when filed.
    func viewModel(projects: [Project]) -> ViewModel {
        var fields: ViewModel.Fields = [
            "id": .int(self.id),
            "title": .string(self.title),
            "isDone": .bool(self.isDone),
            "isFavorite": .bool(self.isFavorite),
            "project": .null,
        ]
        if let projectID = self.projectID, let project = projects.first(where: { $0.id == projectID }) {
            fields["project"] = project.viewModel(todoCount: nil)
        }
        return .object(fields)
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
