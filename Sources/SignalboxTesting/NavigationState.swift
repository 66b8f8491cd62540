public import Signalbox

/// The JSON answer of a page (`Accept: application/json`), typed: what a test asserts on
/// instead of casting `[String: Any]`. ``TestResponse/state`` decodes it.
///
/// ```swift
/// let state = try await client.get("/authenticated/todos/todo/3", json: true).state
/// #expect(state.path == "/authenticated/todos/todo/3")
/// #expect(state.breadcrumbs.map(\.title) == ["Todos", "Buy milk"])
/// #expect(state.notices == [Notice(.success, "Todo created.")])
/// #expect(state.screen["title"] == "Buy milk")
/// ```
///
/// The fields are the `NavigationState` schema of the app's OpenAPI document (a rejected form,
/// status 422, adds ``error``, ``message``, ``fieldErrors`` and ``form``).
public struct NavigationState: Decodable, Sendable, Equatable {
    /// The canonical path of the page shown (under the mount path).
    public var path: String
    /// The mount path: `""` at `/`, else e.g. `/todo`.
    public var mount: String
    /// The top screen's title.
    public var title: String
    /// The session's CSRF token.
    public var csrf: String
    /// The one-time notices this answer shows.
    public var notices: [Notice]
    /// The navigation tree as data.
    public var tree: NavigationSnapshot
    /// Every screen from the root to the top.
    public var breadcrumbs: [Breadcrumb]
    /// The outermost tab bar's tabs.
    public var tabs: [Tab]
    /// Every tab bar on the way, outermost first.
    public var tabBars: [TabBar]
    /// The top-most modal, if one is open.
    public var modal: Presented?
    /// The top-most full-screen presentation, if any.
    public var fullScreen: Presented?
    /// The top coordinator's routes by name: the path each leads to (`{input}` marks an input).
    public var routes: [String: String]
    /// The path after popping the top entry.
    public var pop: String?
    /// The top screen's template.
    public var template: String
    /// The top screen's view model.
    public var screen: ViewModel
    /// `invalidForm` for a rejected form.
    public var error: String?
    /// The form's message, for a rejected form.
    public var message: String?
    /// Each rejected field's message, by field name.
    public var fieldErrors: [String: String]?
    /// The fields sent (secret ones left out), for a rejected form.
    public var form: [String: String]?

    /// One screen of the active branch.
    public struct Breadcrumb: Decodable, Sendable, Equatable {
        public var title: String
        public var path: String
        public var presentation: Presentation?
    }

    /// A tab of a tab bar.
    public struct Tab: Decodable, Sendable, Equatable {
        public var name: String
        public var title: String
        public var icon: String?
        public var path: String
        public var active: Bool
        public var badge: String?
    }

    /// A tab bar and its coordinator's type name.
    public struct TabBar: Decodable, Sendable, Equatable {
        public var coordinator: String
        public var tabs: [Tab]
    }

    /// A modal or full-screen presentation.
    public struct Presented: Decodable, Sendable, Equatable {
        public var route: String
        public var style: Presentation
        /// Where closing it leads; `nil` when it cannot be closed.
        public var close: String?

        public init(route: String, style: Presentation, close: String?) {
            self.route = route
            self.style = style
            self.close = close
        }
    }
}
