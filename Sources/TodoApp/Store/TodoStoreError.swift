/// Why a ``TodoStore`` refused a write.
public struct TodoStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case usernameTaken
        case unknownUser
        case notFound
        case invalid(String)
        case unavailable
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

    /// A sentence for the user.
    public var description: String {
        switch self.code {
        case .usernameTaken: "This username is already taken."
        case .unknownUser: "This user is not registered."
        case .notFound: "This item does not exist (any more)."
        case .invalid(let message): message
        case .unavailable: "The change could not be saved, so nothing changed. Please try again in a moment."
        }
    }
}
