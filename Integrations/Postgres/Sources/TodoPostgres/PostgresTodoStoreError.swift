/// Why ``PostgresTodoStore`` could not prepare its database at start-up: the schema could not be
/// brought up to date, or the demo's data could not be added.
///
/// The store's operations never throw this: they throw `TodoStoreError`, which the web layer
/// answers with 503.
public struct PostgresTodoStoreError: Error, Sendable, CustomStringConvertible {
    /// What the store was doing (`apply the migration "todo-demo v1"`, `add the demo's data`).
    public var action: String
    /// The database's answer, or why there was none (no SQL parameters, so no password hashes).
    public var reason: String

    public var description: String { "cannot \(self.action) in the todo database: \(self.reason)" }
}
