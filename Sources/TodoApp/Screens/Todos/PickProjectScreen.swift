import Signalbox

/// A dialog over a todo listing the projects; choosing one answers the `pickProject` route
/// with that ``Project``. Closing it (or going Back) answers nothing and changes nothing.
struct PickProjectScreen: UserDataScreen, Answering {
    typealias Answer = Project

    let account: Account

    var template: String { "todos/pick-project" }
    var title: String { "Choose a project" }
    var viewModel: ViewModel {
        get async throws {
            let projects = try await self.store.projects(of: self.user)
            return [
                "projects": try .list(encoding: projects),
                "hasProjects": .bool(!projects.isEmpty),
            ]
        }
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        guard let id = form["project"].flatMap({ Int($0) }),
            let project = try await self.store.project(id: id, of: self.user)
        else {
            return .invalid("Choose one of the projects.", fields: ["project": "Unknown project."])
        }
        try await self.finish(with: project, context: context)
        return .accepted
    }
}
