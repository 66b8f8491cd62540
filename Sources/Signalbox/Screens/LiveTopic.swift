/// A name for data that pages show and writers change — one user's todos, one shared list — so
/// that a live page is told when a write may have changed it (see ``Screen/liveTopics``).
///
/// A page listens to the topics of its screens; a form accepted on any page of any session
/// announces the topics of the screens it leaves shown, and the host rechecks only the pages
/// that listen to one of them (their validator, as a revalidation would: nothing is rendered
/// unless it changed). Write outside a request (a job, another service)? Announce the topic
/// yourself (`WebApp.announce(_:)`).
///
/// ```swift
/// var liveTopics: [LiveTopic] { [LiveTopic("user", user.id)] }
/// ```
public struct LiveTopic: Hashable, Sendable, CustomStringConvertible {
    /// The topic's name: `kind:identifier`.
    public let name: String

    /// The topic of one thing: its kind (`"user"`, `"list"`) and its identifier.
    ///
    /// Topics cross processes as text (PostgreSQL `NOTIFY`): name things by id, never by
    /// secrets.
    public init(_ kind: String, _ identifier: some CustomStringConvertible) {
        self.name = "\(kind):\(identifier)"
    }

    /// A topic by its full name (``name``), as it arrives from another process.
    public init(name: String) {
        self.name = name
    }

    public var description: String { self.name }
}
