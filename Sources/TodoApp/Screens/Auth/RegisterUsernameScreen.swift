import Signalbox

/// Registration, step 1: choose a username.
struct RegisterUsernameScreen: FormScreen {
    struct Form: FormValidatable {
        var username: String

        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(
                \.username,
                hint: "3 to 32 characters: letters a–z, digits, “-” and “_”.",
                autocomplete: "username",
                .username
            )
        }
    }

    let store: any TodoStore

    var template: String { "auth/register-username" }
    var title: String { "Register" }
    /// Shows no stored data: the page changes only with the navigation state.
    var dataVersion: String? { "" }
    var viewModel: ViewModel { [:] }

    /// Whether a name is taken tells whether an account exists: a client that keeps asking is
    /// throttled like one that keeps failing to log in (each taken name counts as a failure).
    func validate(_ form: Form, issues: inout FormIssues<Form>, context: ScreenContext) async throws {
        guard case .success(let username) = Validation.username(form.username) else { return }
        let client = context.clientAddress
        if case .refused(let wait) = await self.store.loginGate(for: username, from: client) {
            throw TooManyLogins(wait: wait)
        }
        if try await self.store.isRegistered(username: username) {
            await self.store.recordLogin(of: username, from: client, succeeded: false)
            issues.add(TodoStoreError.usernameTaken.description, for: \.username)
        }
    }

    func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
        let username = try Validation.username(form.username).get()
        try await context.router(RegistrationCoordinator.self).route(to: \.password, username)
        return .accepted
    }
}
