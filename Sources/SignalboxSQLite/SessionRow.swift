import SignalboxWeb

/// One row of the `session` table: everything a session is, with its tree as a snapshot.
struct SessionRow: Sendable {
    var id: String
    var csrfToken: String
    var createdAt: Int64
    var lastSeenAt: Int64
    var version: Int64
    var isProvisional: Bool
    /// The tree's ``NavigationSnapshot`` as JSON.
    var snapshot: String
}
