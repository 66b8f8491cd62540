public import Signalbox

/// The Profile tab: who is signed in, logout, and a settings page.
///
/// Paths: `/authenticated/profile`, `/authenticated/profile/settings`.
public final class ProfileCoordinator: NavigationCoordinatable {
    /// The stack: starts on the profile.
    public let stack = NavigationStack(initial: \ProfileCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var settings = makeSettings

    let account: Account
    var user: User { self.account.user }
    var store: any TodoStore { self.account.store }

    init(account: Account) {
        self.account = account
    }

    func makeStart() -> ProfileScreen { ProfileScreen(account: self.account) }
    func makeSettings() -> SettingsScreen { SettingsScreen(account: self.account) }
}
