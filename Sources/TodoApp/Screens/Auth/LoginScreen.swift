import Signalbox

/// The signed-out root: a username and password form.
struct LoginScreen: Screen {
    let store: any TodoStore

    var template: String { "auth/login" }
    var title: String { "Welcome" }
    /// Shows no stored data: the page changes only with the navigation state.
    var dataVersion: String? { "" }
    var viewModel: ViewModel {
        [
            "demoUsername": .string(InMemoryTodoStore.demoUser.username),
            "demoPassword": .string(InMemoryTodoStore.demoPassword),
        ]
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        let username = form["username"] ?? ""
        let password = form["password"] ?? ""
        guard !username.isEmpty, !password.isEmpty else {
            var fields: [String: String] = [:]
            if username.isEmpty { fields["username"] = "Enter your username." }
            if password.isEmpty { fields["password"] = "Enter your password." }
            return .invalid("Enter your username and password.", fields: fields)
        }
        let client = context.clientAddress
        switch await self.store.loginGate(for: username, from: client) {
        case .open: break
        case .slowed(let pause): try await Task.sleep(for: pause)
        case .refused(let wait): throw TooManyLogins(wait: wait)
        }
        guard let user = try await self.store.authenticate(username: username, password: password) else {
            await self.store.recordLogin(of: username, from: client, succeeded: false)
            return .invalid(
                "Wrong username or password. Please try again.",
                fields: ["password": "Check your password."]
            )
        }
        await self.store.recordLogin(of: username, from: client, succeeded: true)
        context.beginSignedInSession()
        try await context.send(SessionStep.loggedIn(user))
        return .accepted
    }
}
