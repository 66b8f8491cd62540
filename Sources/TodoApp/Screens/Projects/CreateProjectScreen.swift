import Signalbox

/// A full-screen form for a new project. Creating closes it and shows the project.
struct CreateProjectScreen: UserDataScreen {
    let account: Account

    var template: String { "projects/create" }
    var title: String { "New project" }
    var viewModel: ViewModel { ["maxLength": .int(Validation.maxTitleLength)] }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        switch Validation.title(form["name"] ?? "", noun: "name") {
        case .failure(let failure):
            return .invalid(failure.message, fields: ["name": failure.message])
        case .success(let name):
            let project = try await self.store.addProject(name: name, for: self.user)
            try await context.router(ProjectsCoordinator.self).pop().route(to: \.project, project.id)
            return .accepted
        }
    }
}
