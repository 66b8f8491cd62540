import Signalbox

/// Registration, step 2: choose a password for the username from step 1. Registering
/// dismisses the registration flow and signs the new user in.
struct RegisterPasswordScreen: Screen {
    let username: String
    let store: any TodoStore

    var template: String { "auth/register-password" }
    var title: String { "Choose a password" }
    /// Shows only its input (part of the navigation state).
    var dataVersion: String? { "" }
    var viewModel: ViewModel { ["username": .string(self.username)] }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        let password: String
        switch Validation.password(form["password"] ?? "", confirmation: form["confirmation"] ?? "") {
        case .success(let valid): password = valid
        case .failure(let failure):
            return .invalid(failure.message, fields: [failure.field ?? "password": failure.message])
        }
        let user: User
        do {
            user = try await self.store.register(username: self.username, password: password)
        } catch {
            return .invalid("\(error) Go back and choose another username.", fields: [:])
        }
        // Find the session's root before the registration flow leaves the tree.
        let main = try context.coordinator(MainCoordinator.self)
        try await context.coordinator.dismissCoordinator()
        context.rotateSession()
        try await main.logIn(user)
        return .accepted
    }
}
