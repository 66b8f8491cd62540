/// A signed-in user and the store their data lives in: what every coordinator and screen of the
/// signed-in part works with.
///
/// Shared by reference: a session keeps one, and a screen holding it (plus an id) stays within
/// the three words Swift stores in a `Screen` existential without a separate heap block.
public final class Account: Sendable {
    /// The signed-in user.
    public let user: User
    /// Where the user's todos, projects and settings are kept.
    public let store: any TodoStore

    /// Creates the account of a user who just signed in.
    public init(user: User, store: any TodoStore) {
        self.user = user
        self.store = store
    }
}
