import Signalbox

/// A full-screen form for a new project. Creating closes it and shows the project.
struct CreateProjectScreen: UserDataScreen, FormScreen {
    struct Form: FormValidatable {
        var name: String

        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.name, autocomplete: "off", .title(noun: "name"))
        }
    }

    let account: Account

    var template: String { "projects/create" }
    var title: String { "New project" }
    var viewModel: ViewModel { [:] }

    func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
        let project: Project
        do {
            project = try await self.store.addProject(name: form.name, for: self.user)
        } catch {
            return try .answering(error)
        }
        try await context.router(ProjectsCoordinator.self).pop().route(to: \.project, project.id)
        context.notify(.success, "Project “\(project.name)” created.")
        return .accepted
    }
}
