/// A data file that cannot be opened: not a database, corrupt, or in a folder that is not writable.
public struct TodoStorageError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot open the data file \(self.path): \(self.reason)" }
}
