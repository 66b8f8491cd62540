import Signalbox

/// Registration, step 1: choose a username.
struct RegisterUsernameScreen: Screen {
    let store: any TodoStore

    var template: String { "auth/register-username" }
    var title: String { "Register" }
    /// Shows no stored data: the page changes only with the navigation state.
    var dataVersion: String? { "" }
    var viewModel: ViewModel { [:] }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        let username: String
        switch Validation.username(form["username"] ?? "") {
        case .success(let valid): username = valid
        case .failure(let failure): return .invalid(failure.message, fields: ["username": failure.message])
        }
        guard try await !self.store.isRegistered(username: username) else {
            let message = TodoStoreError.usernameTaken.description
            return .invalid(message, fields: ["username": message])
        }
        try await context.router(RegistrationCoordinator.self).route(to: \.password, username)
        return .accepted
    }
}
