import Signalbox

/// The Profile tab's root: who is signed in, a summary, and logout (`action=logout`).
struct ProfileScreen: UserDataScreen {
    let account: Account

    var template: String { "profile/profile" }
    var title: String { "Profile" }
    var viewModel: ViewModel {
        get async throws {
            let todos = try await self.store.todos(of: self.user)
            return [
                "username": .string(self.user.username),
                "todoCount": .int(todos.count),
                "doneCount": .int(todos.count(where: \.isDone)),
                "projectCount": .int(try await self.store.projects(of: self.user).count),
                "hidesCompletedTodos": .bool(try await self.store.settings(of: self.user).hidesCompletedTodos),
            ]
        }
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        guard form["action"] == "logout" else {
            return .invalid("Unknown action.", fields: ["action": "Use logout."])
        }
        context.rotateSession()
        try await context.send(SessionStep.loggedOut)
        context.notify(.info, "You are signed out.")
        return .accepted
    }
}
