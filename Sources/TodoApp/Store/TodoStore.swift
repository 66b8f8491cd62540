/// Where the demo keeps users, their todos, projects and settings.
///
/// The protocol says nothing about storage: ``InMemoryTodoStore`` keeps everything in memory; a
/// persistent implementation can follow without touching coordinators or screens. Every todo
/// and project belongs to one user, and every call names that user, so one user never sees
/// another's data. Calls are `async`, so an implementation can sit on a database driver; screens
/// load what they show before the page renders.
///
/// Reads answer what is stored (`nil` or empty when there is nothing) and throw
/// ``TodoStoreError/unreadable`` only when the store cannot be read (a damaged file, a lost
/// connection), which the web layer answers with 503 instead of showing an empty page. Writes
/// validate their input and throw ``TodoStoreError``.
public protocol TodoStore: Sendable {
    // MARK: Users

    /// The user with these credentials, or `nil` when the username is unknown or the password
    /// is wrong (callers cannot tell which, on purpose).
    func authenticate(username: String, password: String) async throws(TodoStoreError) -> User?

    /// Whether a username is already registered (usernames are compared lower-cased).
    func isRegistered(username: String) async throws(TodoStoreError) -> Bool

    /// Registers a user.
    ///
    /// - Throws: ``TodoStoreError/usernameTaken`` or ``TodoStoreError/invalid(_:)``.
    func register(username: String, password: String) async throws(TodoStoreError) -> User
    /// Whether a login for `username` from `client` (an address; `nil` when unknown) may be
    /// tried now, after a pause, or not (see ``LoginThrottle``).
    func loginGate(for username: String, from client: String?) async -> LoginGate
    /// Records a login attempt's outcome (see ``LoginThrottle/record(username:client:succeeded:)``).
    func recordLogin(of username: String, from client: String?, succeeded: Bool) async

    // MARK: Todos

    /// The user's todos, oldest first.
    func todos(of user: User) async throws(TodoStoreError) -> [Todo]

    /// One of the user's todos; `nil` if it does not exist or belongs to someone else.
    func todo(id: Int, of user: User) async throws(TodoStoreError) -> Todo?

    /// Adds a todo with a validated title (see ``Validation/title(_:noun:)``).
    func addTodo(title: String, for user: User) async throws(TodoStoreError) -> Todo

    /// Replaces one of the user's todos (matched by id).
    func updateTodo(_ todo: Todo, for user: User) async throws(TodoStoreError)

    /// Deletes one of the user's todos.
    func deleteTodo(id: Int, of user: User) async throws(TodoStoreError)

    // MARK: Attachments

    /// The files attached to one of the user's todos, oldest first (without their bytes); empty
    /// when the todo is not the user's.
    func attachments(ofTodo todoID: Int, of user: User) async throws(TodoStoreError) -> [Attachment]

    /// Attaches a file to one of the user's todos (see ``Validation/storableAttachment(filename:contentType:size:)``).
    ///
    /// - Throws: ``TodoStoreError/notFound`` when the todo is not the user's,
    ///   ``TodoStoreError/invalid(_:)`` for a file the rules refuse.
    func attach(
        filename: String,
        contentType: String,
        bytes: [UInt8],
        toTodo todoID: Int,
        for user: User
    ) async throws(TodoStoreError) -> Attachment

    /// One of the user's attachments with its bytes; `nil` when it does not exist or is not
    /// the user's.
    func attachment(id: Int, of user: User) async throws(TodoStoreError) -> (attachment: Attachment, bytes: [UInt8])?

    // MARK: Projects

    /// The user's projects, oldest first.
    func projects(of user: User) async throws(TodoStoreError) -> [Project]

    /// One of the user's projects; `nil` if it does not exist or belongs to someone else.
    func project(id: Int, of user: User) async throws(TodoStoreError) -> Project?

    /// Adds a project with a validated name.
    func addProject(name: String, for user: User) async throws(TodoStoreError) -> Project

    /// Replaces one of the user's projects (matched by id).
    func updateProject(_ project: Project, for user: User) async throws(TodoStoreError)

    // MARK: Settings

    /// The user's settings (defaults when never saved).
    func settings(of user: User) async throws(TodoStoreError) -> UserSettings

    /// Saves the user's settings.
    func updateSettings(_ settings: UserSettings, for user: User) async throws(TodoStoreError)

    // MARK: Versions

    /// A number that grows with every change to the user's data (todos, projects, settings),
    /// made by any instance: the data version of the user's pages (``Signalbox/Screen/dataVersion``),
    /// so a page answered `304 Not Modified` never hides a change.
    func changeCount(of user: User) async throws(TodoStoreError) -> Int

    // MARK: Operations

    /// Counts over every user (one consistent read).
    func statistics() async throws(TodoStoreError) -> TodoStatistics
}
