import Signalbox

/// A screen that shows one user's data from the store. Its data version is the user's change
/// count, which every write to the user's todos, projects or settings bumps, so a page of these
/// screens is answered `304 Not Modified` only while none of the user's data changed. Its live
/// topic is the user: a change in any of the user's sessions updates their other live pages.
protocol UserDataScreen: Screen {
    var account: Account { get }
}

extension UserDataScreen {
    var user: User { self.account.user }
    var store: any TodoStore { self.account.store }

    var dataVersion: String? {
        get async throws { String(try await self.store.changeCount(of: self.user)) }
    }

    var liveTopics: [LiveTopic] { [LiveTopic("user", self.user.username)] }
}
