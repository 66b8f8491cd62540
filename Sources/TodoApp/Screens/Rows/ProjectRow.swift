import Signalbox

/// A project with how many todos it files, for the project lists.
struct ProjectRow: Encodable {
    let id: Int
    let name: String
    let isFavorite: Bool
    let todoCount: Int

    init(_ project: Project, todos: [Todo]) {
        self.id = project.id
        self.name = project.name
        self.isFavorite = project.isFavorite
        self.todoCount = todos.count { $0.projectID == project.id }
    }
}
