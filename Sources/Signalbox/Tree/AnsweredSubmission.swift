/// A form submission the tree already applied, and the path it led to: a repeat of the same
/// submission (a double click, Back and resubmit, a retry) is answered with that path again
/// instead of being applied twice. Kept in the ``NavigationSnapshot``, so it travels with the
/// session to every instance and survives a restart.
public struct AnsweredSubmission: Codable, Equatable, Sendable {
    /// A digest of the submission: its one-time id, where it was posted and its fields.
    public var key: String
    /// The path the tree was at after applying it (the `Location` of its `303`).
    public var path: String

    public init(key: String, path: String) {
        self.key = key
        self.path = path
    }
}

extension NavigationTree {
    /// How many answered submissions a tree keeps (the oldest goes first).
    public static let answeredSubmissionLimit = 16

    /// The path an already applied submission led to, or `nil` when `key` was not applied.
    package func answer(toSubmission key: String) -> String? {
        self.answeredSubmissions.last { $0.key == key }?.path
    }

    /// Remembers that the submission `key` was applied and led to `path`.
    package func recordSubmission(_ key: String, answeredWith path: String) {
        self.answeredSubmissions.append(AnsweredSubmission(key: key, path: path))
        if self.answeredSubmissions.count > Self.answeredSubmissionLimit {
            self.answeredSubmissions.removeFirst(self.answeredSubmissions.count - Self.answeredSubmissionLimit)
        }
    }
}
