public import Signalbox

/// The signed-out flow: login (its root), a forgot-password dialog and the registration flow.
///
/// Paths: `/unauthenticated`, `/unauthenticated/forgotPassword`,
/// `/unauthenticated/registration`, `/unauthenticated/registration/password/<username>`.
public final class UnauthenticatedCoordinator: NavigationCoordinatable {
    /// The stack: starts on the login page.
    public let stack = NavigationStack(initial: \UnauthenticatedCoordinator.start)
    @Root var start = makeStart
    @Route(.modal) var forgotPassword = makeForgotPassword
    @Route(.push) var registration = makeRegistration

    let store: any TodoStore

    init(store: any TodoStore) {
        self.store = store
    }

    func makeStart() -> LoginScreen { LoginScreen(store: self.store) }
    func makeForgotPassword() -> ForgotPasswordScreen { ForgotPasswordScreen() }
    func makeRegistration() -> RegistrationCoordinator { RegistrationCoordinator(store: self.store) }
}
