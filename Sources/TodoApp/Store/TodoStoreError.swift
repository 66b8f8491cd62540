/// Why a ``TodoStore`` refused a write, or could not read.
public struct TodoStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case usernameTaken
        case unknownUser
        case notFound
        case invalid(String)
        case unavailable
        case unreadable
        case busy
        case quotaReached(String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The username is already registered.
    public static var usernameTaken: Self { Self(.usernameTaken) }
    /// The user is not registered.
    public static var unknownUser: Self { Self(.unknownUser) }
    /// The todo or project does not exist or belongs to another user.
    public static var notFound: Self { Self(.notFound) }
    /// The value breaks a rule of ``Validation``; the message says which.
    public static func invalid(_ message: String) -> Self { Self(.invalid(message)) }
    /// The storage could not be written (a full disk, say); nothing changed.
    public static var unavailable: Self { Self(.unavailable) }
    /// The storage could not be read (a damaged file, a lost connection). It says nothing about
    /// whether a write before it in the same request happened.
    public static var unreadable: Self { Self(.unreadable) }
    /// Too many passwords are being checked at once (a flood of logins); nothing changed.
    public static var busy: Self { Self(.busy) }
    /// The user keeps as many todos (or projects) as one account may; the message says which.
    public static func quotaReached(_ message: String) -> Self { Self(.quotaReached(message)) }
    /// No more todos: ``Validation/maxTodosPerUser`` are kept.
    public static var tooManyTodos: Self {
        .quotaReached(
            "You have \(Validation.maxTodosPerUser) todos, the most one account may keep. Delete some to make room."
        )
    }
    /// No more projects: ``Validation/maxProjectsPerUser`` are kept.
    public static var tooManyProjects: Self {
        .quotaReached("You have \(Validation.maxProjectsPerUser) projects, the most one account may keep.")
    }

    /// Whether this is a ``quotaReached(_:)``.
    public var isQuotaReached: Bool {
        if case .quotaReached = self.code { return true }
        return false
    }

    /// A sentence for the user.
    public var description: String {
        switch self.code {
        case .usernameTaken: "This username is already taken."
        case .unknownUser: "This user is not registered."
        case .notFound: "This item does not exist (any more)."
        case .invalid(let message): message
        case .unavailable: "The change could not be saved, so nothing changed. Please try again in a moment."
        case .unreadable: "Your data could not be read right now. Please try again in a moment."
        case .busy: "Too many sign-ins are being checked right now. Please try again in a moment."
        case .quotaReached(let message): message
        }
    }
}
