/// A signed-in user: the input of ``MainCoordinator``'s `authenticated` root.
///
/// It is stored in navigation snapshots, so it carries the username only (never a secret).
public struct User: Codable, Sendable, Hashable {
    /// The unique, lower-case username.
    public var username: String

    /// Creates a user value.
    public init(username: String) {
        self.username = username
    }
}
