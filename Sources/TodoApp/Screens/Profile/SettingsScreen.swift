import Signalbox

/// The user's settings. Saving stores them and goes back to the profile.
struct SettingsScreen: UserDataScreen {
    let account: Account

    var template: String { "profile/settings" }
    var title: String { "Settings" }
    var viewModel: ViewModel {
        get async throws {
            ["hidesCompletedTodos": .bool(try await self.store.settings(of: self.user).hidesCompletedTodos)]
        }
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        var settings = try await self.store.settings(of: self.user)
        // An unchecked checkbox sends nothing; a checked one sends its value.
        settings.hidesCompletedTodos = form["hidesCompletedTodos"] != nil
        try await self.store.updateSettings(settings, for: self.user)
        try await context.router(ProfileCoordinator.self).pop()
        return .accepted
    }
}
