import Signalbox

/// Registration, step 2: choose a password for the username from step 1. Registering
/// dismisses the registration flow and signs the new user in.
struct RegisterPasswordScreen: FormScreen {
    struct Form: FormValidatable {
        var password: String
        var confirmation: String

        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.password, control: .password, autocomplete: "new-password", .newPassword)
            rules.field(\.confirmation, label: "Repeat the password", control: .password, autocomplete: "new-password")
        }
    }

    let username: String
    let store: any TodoStore

    var template: String { "auth/register-password" }
    var title: String { "Choose a password" }
    /// Shows only its input (part of the navigation state).
    var dataVersion: String? { "" }
    var viewModel: ViewModel { ["username": .string(self.username)] }

    func validate(_ form: Form, issues: inout FormIssues<Form>, context: ScreenContext) async throws {
        if !issues.hasError(for: \.password), form.password != form.confirmation {
            issues.add("The two passwords differ.", for: \.confirmation)
        }
    }

    func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
        let user: User
        do {
            user = try await self.store.register(username: self.username, password: form.password)
        } catch {
            // Taken since step 1: say so on the form. Anything else (storage, a busy server) is
            // the store's own error page.
            guard error == .usernameTaken else { throw error }
            return .invalid("\(error) Go back and choose another username.", fields: [:])
        }
        // Find the session's root before the registration flow leaves the tree.
        let main = try context.coordinator(MainCoordinator.self)
        try await context.coordinator.dismissCoordinator()
        context.beginSignedInSession()
        try await main.logIn(user)
        return .accepted
    }
}
