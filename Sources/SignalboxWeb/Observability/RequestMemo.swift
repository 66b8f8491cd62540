import Synchronization

/// Values worked out once per request: a store whose rows live across the network reads them once
/// however many times a request asks.
///
/// A page asks its screens for their data version (the page's validator) and then for their view
/// models, and a screen may ask a store for the same user's rows twice; against a database
/// server each ask is a round trip. ``WebApp`` gives each request its own memo while it handles
/// it, as ``current``; a store keeps what it read there, and forgets it when it writes (after
/// the write, so the rest of the request reads what it wrote):
///
/// ```swift
/// struct TodosKey: Hashable, Sendable { var username: String }
///
/// func todos(of user: User) async throws -> [Todo] {
///     try await RequestMemo.value(for: TodosKey(username: user.username)) {
///         try await database.todos(of: user.username)   // once per request
///     }
/// }
///
/// func addTodo(_ title: String, for user: User) async throws {
///     defer { RequestMemo.current?.forget(TodosKey(username: user.username)) }
///     try await database.insert(title, for: user.username)
/// }
/// ```
///
/// Outside a request (a test, a background task) there is no memo and every ask reads. Values are
/// kept for the request only: the next request reads again, so what another request or another
/// instance wrote meanwhile is seen.
public final class RequestMemo: Sendable {
    /// The memo of the request this task handles, if any.
    @TaskLocal public static var current: RequestMemo?

    private let values = Mutex<[AnyHashableSendable: any Sendable]>([:])

    /// An empty memo (``WebApp`` makes one per request).
    public init() {}

    /// The value kept under `key` in the current request's memo, or `make()`'s, kept there.
    ///
    /// Two concurrent asks for a key not yet kept both run `make()`; the first to finish is kept.
    public static func value<Key: Hashable & Sendable, Value: Sendable, Failure: Error>(
        for key: Key,
        _ make: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        guard let memo = Self.current else { return try await make() }
        let wrapped = AnyHashableSendable(key)
        if let kept = memo.values.withLock({ $0[wrapped] }) as? Value { return kept }
        let value = try await make()
        return memo.values.withLock { values in
            if let kept = values[wrapped] as? Value { return kept }
            values[wrapped] = value
            return value
        }
    }

    /// Forgets the value kept under `key` (call it when a write that changes it ends).
    public func forget<Key: Hashable & Sendable>(_ key: Key) {
        _ = self.values.withLock { $0.removeValue(forKey: AnyHashableSendable(key)) }
    }

    /// Forgets every value kept.
    public func forgetAll() {
        self.values.withLock { $0.removeAll() }
    }
}

/// A `Hashable & Sendable` key of any type (`AnyHashable` is not `Sendable`).
private struct AnyHashableSendable: Hashable, @unchecked Sendable {
    // Safe: only ever made from a value whose type is `Sendable` (the initialiser requires it).
    private let value: AnyHashable

    init<Key: Hashable & Sendable>(_ key: Key) {
        self.value = AnyHashable(key)
    }
}
