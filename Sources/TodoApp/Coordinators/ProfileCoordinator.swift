public import Signalbox

/// The Profile tab: who is signed in, logout, and a settings page.
///
/// Paths: `/authenticated/profile`, `/authenticated/profile/settings`.
public final class ProfileCoordinator: NavigationCoordinatable {
    /// The stack: starts on the profile.
    public let stack = NavigationStack(initial: \ProfileCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var settings = makeSettings

    let user: User
    let store: any TodoStore

    init(user: User, store: any TodoStore) {
        self.user = user
        self.store = store
    }

    func makeStart() -> ProfileScreen { ProfileScreen(user: self.user, store: self.store) }
    func makeSettings() -> SettingsScreen { SettingsScreen(user: self.user, store: self.store) }
}
