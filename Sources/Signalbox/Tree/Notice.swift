/// A one-time message for the user — "Todo created", "You are signed out" — that the next page
/// shown to the session displays once, after the redirect that follows a form (Rails' and
/// Phoenix's flash, Django's messages).
///
/// A handler leaves one with ``ScreenContext/notify(_:_:)`` (or a coordinator with
/// ``NavigationTree/notify(_:_:)``). It is kept with the session's tree, so it survives a
/// restart and reaches another instance; the page that shows it takes it, so it is never shown
/// twice.
///
/// ```swift
/// func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
///     let todo = try await store.createTodo(title: form.title)
///     context.notify(.success, "Todo “\(todo.title)” created.")
///     try await context.router(TodosCoordinator.self).pop().route(to: \.todo, todo.id)
///     return .accepted
/// }
/// ```
public struct Notice: Codable, Equatable, Sendable {
    /// How the notice is shown (the default stylesheet's `notice-success` and so on).
    public enum Kind: String, Codable, CaseIterable, Sendable {
        case info, success, warning, error
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

extension NavigationTree {
    /// How many notices wait at most (the oldest goes first): a page is not a log.
    public static let noticeLimit = 8

    /// Leaves a notice for the next page this session is shown.
    public func notify(_ kind: Notice.Kind, _ text: String) {
        self.notices.append(Notice(kind, text))
        if self.notices.count > Self.noticeLimit { self.notices.removeFirst(self.notices.count - Self.noticeLimit) }
    }

    /// Returns the waiting notices and forgets them: the host calls it for the page that shows
    /// them.
    public func takeNotices() -> [Notice] {
        guard !self.notices.isEmpty else { return [] }
        defer { self.notices = [] }
        return self.notices
    }
}
