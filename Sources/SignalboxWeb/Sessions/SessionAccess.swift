/// What a request may do with its session, for stores shared by several processes.
///
/// A store in one process serialises every request of a session and can ignore it. A store
/// shared by several instances (the PostgreSQL one) uses it to choose how to serialise: a
/// ``retryable`` body runs optimistically and is run again when another instance changed the
/// session meanwhile; an ``exclusive`` body runs once, with the session locked.
public enum SessionAccess: Sendable, Hashable {
    /// The body changes nothing but the session (a page `GET`): it may run more than once.
    case retryable
    /// The body may change the app's data (a form or navigation `POST`): it runs exactly once.
    case exclusive
}
