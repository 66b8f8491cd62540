/// The rules for user input, shared by the screens (which answer 422 with a message) and the
/// store (which refuses invalid values whoever calls it).
public enum Validation {
    /// The longest todo title or project name, in characters.
    public static let maxTitleLength = 200
    /// The shortest accepted password, in characters.
    public static let minPasswordLength = 8
    /// The longest accepted password, in characters.
    public static let maxPasswordLength = 128
    /// The largest attachment, in bytes.
    public static let maxAttachmentBytes = 5 << 20
    /// The most todos one user may keep (one user filling the store, or a 4.6 MB list page, was a
    /// finding of issue 34).
    public static let maxTodosPerUser = 500
    /// The most projects one user may keep.
    public static let maxProjectsPerUser = 50
    /// The longest note of a todo, in characters.
    public static let maxNoteLength = 2000

    /// A todo's note as stored: line breaks as `\n` (browsers send a text area's as `\r\n`),
    /// trailing white space trimmed; or a message when it is too long.
    public static func note(_ text: String) -> Result<String, Validation.Failure> {
        let lines = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
        let note = String(lines.trimmingTrailingWhitespace())
        guard note.count <= Self.maxNoteLength else {
            return .failure(
                Failure(
                    "A note can have at most \(Self.maxNoteLength) characters (it has \(note.count)).",
                    field: "note"
                )
            )
        }
        return .success(note)
    }

    /// Trims a title or name and checks its length.
    ///
    /// - Parameter noun: what the text names, for the message ("title", "name").
    /// - Returns: the trimmed text, or a message the user can act on.
    public static func title(_ text: String, noun: String = "title") -> Result<String, Validation.Failure> {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty {
            return .failure(Failure("Please enter a \(noun)."))
        }
        if trimmed.count > Self.maxTitleLength {
            let limit = Self.maxTitleLength
            return .failure(Failure("The \(noun) can have at most \(limit) characters (it has \(trimmed.count))."))
        }
        return .success(trimmed)
    }

    /// Normalises a username (trimmed, lower-cased) and checks it: 3–32 characters from `a–z`,
    /// `0–9`, `-` and `_`.
    public static func username(_ text: String) -> Result<String, Validation.Failure> {
        let name = text.trimmingWhitespace().lowercased()
        guard (3...32).contains(name.count) else {
            return .failure(Failure("A username has 3 to 32 characters."))
        }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        }
        guard allowed else {
            return .failure(Failure("Use only letters a–z, digits, “-” and “_” in a username."))
        }
        return .success(name)
    }

    /// Checks a new password and its confirmation.
    public static func password(_ password: String, confirmation: String) -> Result<String, Validation.Failure> {
        guard password.count >= Self.minPasswordLength else {
            return .failure(Failure("A password has at least \(Self.minPasswordLength) characters.", field: "password"))
        }
        guard password.count <= Self.maxPasswordLength else {
            return .failure(Failure("A password has at most \(Self.maxPasswordLength) characters.", field: "password"))
        }
        guard password == confirmation else {
            return .failure(Failure("The two passwords differ.", field: "confirmation"))
        }
        return .success(password)
    }
}

extension Validation {
    /// Why a value was refused: a message for the user and, optionally, the field at fault.
    public struct Failure: Error, Sendable, Equatable {
        /// A sentence the user can act on.
        public var message: String
        /// The form field the message belongs to, if one.
        public var field: String?

        /// Creates a failure.
        public init(_ message: String, field: String? = nil) {
            self.message = message
            self.field = field
        }
    }
}
