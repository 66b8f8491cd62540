public import Signalbox

/// Steps that change who is signed in; ``MainCoordinator`` handles them.
public enum SessionStep: Step, Sendable, Equatable {
    /// The user proved who they are (login or registration).
    case loggedIn(User)
    /// The user asked to sign out.
    case loggedOut
}
