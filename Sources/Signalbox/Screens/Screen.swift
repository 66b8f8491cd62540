/// A page of a flow: the server-side analogue of a SwiftUI view.
///
/// A screen names its template, gives a title for breadcrumbs and a view model, and may accept a
/// submitted form. Coordinators build screens in their route factories; a screen lives on its
/// coordinator's stack until it is popped.
///
/// `title` and `viewModel` may load their data: a host asks them once per request, for the
/// screens the page shows, before it renders, so templates stay synchronous. A screen whose data
/// is at hand writes them as plain properties.
///
/// ```swift
/// struct TodoScreen: Screen {
///     let id: Int
///     let store: TodoStore                         // an actor
///     var template: String { "todo" }
///     var title: String {
///         get async throws { try await store.todo(id: id)?.title ?? "Todo #\(id)" }
///     }
///     var viewModel: ViewModel {
///         get async throws {
///             guard let todo = try await store.todo(id: id) else { return ["exists": false] }
///             return ["exists": true, "title": .string(todo.title), "done": .bool(todo.isDone)]
///         }
///     }
///
///     func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
///         guard form["action"] == "toggleDone" else { return .invalid("Unknown action") }
///         try await store.toggle(id)
///         return .accepted
///     }
/// }
/// ```
public protocol Screen: SendableMetatype {
    /// The name of the template that renders this screen's content, e.g. `"todos/list"`.
    var template: String { get }
    /// The title shown in breadcrumbs and the document title.
    var title: String { get async throws }
    /// The data the template and JSON clients see; asked when the screen is shown.
    var viewModel: ViewModel { get async throws }
    /// A version of the data this screen shows, for conditional GET: `nil` (the default) when
    /// unknown.
    ///
    /// A host gives a page a validator (an `ETag`) only when every screen on it supplies a
    /// version, and answers a revalidation `304 Not Modified` without loading titles or view
    /// models when neither the navigation state nor any of these versions changed. So the
    /// version must change whenever anything this screen puts on the page may change: its
    /// title, its view model, and the badges and titles of the tabs around it. A per-user change
    /// counter the store bumps on every write is the usual choice; a screen that shows no data
    /// returns a constant (`""`). Include your build number when a deploy can change what the
    /// same data looks like.
    ///
    /// ```swift
    /// var dataVersion: String? {
    ///     get async throws { String(try await store.changeCount(of: user)) }
    /// }
    /// ```
    var dataVersion: String? { get async throws }
    /// The data this screen shows, named so that a live page showing it is told when another
    /// window, user or instance changes it (see ``LiveTopic``); empty (the default) when only
    /// its own session changes it.
    ///
    /// A page is live when it has a validator (every screen gives a ``dataVersion``): it
    /// listens to its session and to its screens' topics, and checks its validator again when
    /// one of them is announced.
    ///
    /// ```swift
    /// var liveTopics: [LiveTopic] { [LiveTopic("user", user.id)] }
    /// ```
    var liveTopics: [LiveTopic] { get }
    /// Handles a submitted form. Navigate through `context` (routers, steps, results). Throwing
    /// a ``FormRejection`` (as ``FormData/decode(_:using:)`` does) is the same as returning
    /// ``Submission/invalid(_:)``; a ``FormScreen`` gets its form decoded instead.
    ///
    /// The default implementation refuses with ``NavigationError/formNotAccepted(screen:)``.
    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission
    /// The file named `name` that the screen offers (see ``Download``), or `nil` (the default)
    /// when it has none by that name.
    func download(_ name: String, context: ScreenContext) async throws -> Download?
    /// The fields of the screen's form, for the host to render and document: a
    /// ``FormScreen``'s ``FormScreen/Form``; `nil` (the default) for other screens.
    static var formSchema: FormSchema? { get }
    /// The `id` of the element that leads to `child`, which the page focuses (and so scrolls
    /// into view) when the user comes back from that child; `nil` (the default): the first
    /// link whose `href` is the child's URL.
    ///
    /// Override it when the element to return to is not such a link, a row with two links, say:
    ///
    /// ```swift
    /// func returnFocusID(for child: ReturnedChild) -> String? {
    ///     child.route == "todo" ? child.inputSegment.map { "todo-\($0)-title" } : nil
    /// }
    /// ```
    func returnFocusID(for child: ReturnedChild) -> String?
}

extension Screen {
    public var dataVersion: String? { nil }

    public var liveTopics: [LiveTopic] { [] }

    public static var formSchema: FormSchema? { nil }

    public func returnFocusID(for child: ReturnedChild) -> String? { nil }

    public func download(_ name: String, context: ScreenContext) async throws -> Download? { nil }

    public func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        throw NavigationError.formNotAccepted(screen: self.template)
    }
}

/// What a screen made of a submitted form.
public enum Submission: Sendable, Equatable {
    /// The form was handled; the tree shows whatever the handler navigated to.
    case accepted
    /// The form failed validation; the screen is shown again with the message and the user's
    /// input.
    case invalid(FormRejection)

    /// A rejection with a message for the whole form.
    public static func invalid(_ message: String, fields: [String: String] = [:]) -> Submission {
        .invalid(FormRejection(message: message, fieldErrors: fields))
    }
}
