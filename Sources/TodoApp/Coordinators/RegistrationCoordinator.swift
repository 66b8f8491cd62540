public import Signalbox

/// Registration in two steps, pushed as one child coordinator: choose a username, then a
/// password (the username travels as the route's input). Registering dismisses the flow and
/// signs the new user in.
public final class RegistrationCoordinator: NavigationCoordinatable {
    /// The stack: starts on the username step.
    public let stack = NavigationStack(initial: \RegistrationCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var password = makePassword

    let store: any TodoStore

    init(store: any TodoStore) {
        self.store = store
    }

    func makeStart() -> RegisterUsernameScreen { RegisterUsernameScreen(store: self.store) }
    func makePassword(username: String) -> RegisterPasswordScreen {
        RegisterPasswordScreen(username: username, store: self.store)
    }
}
