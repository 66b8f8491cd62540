// `@Route(tab:)`: a tab coordinator's tabs, declared or opened per input (dynamic).

// A tab may declare app code (Stinsen's `onTapped(isRepeat:coordinator:)` and a live tab item):
//
//     @Route(tab: "Todos", icon: "checklist", badge: openCount, onTapped: didTapTodos) var todos = makeTodos
//     func openCount() async throws -> String? { … }                                // "3", or nil for none
//     func didTapTodos(isRepeat: Bool, todos: WrapperCoordinator<TodosCoordinator>) async throws { … }
//
// `onTapped` runs after a tap selected the tab (`POST /_nav/tab`, `select(tabAt:)`), also when it
// was active already (`isRepeat`), after the `onReselect` behaviour; never for a GET, which only
// shows a page, nor for `focusFirst`, which is the app navigating.

extension Route where Kind == TabRoute, Input == Void {
    /// A tab showing a screen.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        tab title: String,
        icon: String? = nil,
        onReselect: TabReselection = .keepStack,
        segment: String? = nil,
        badge: (@Sendable (Coordinator) -> () async throws -> String?)? = nil,
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Output: Screen {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .plain(wrappedValue),
            metadata: .tab(TabItem(title: title, icon: icon, reselection: onReselect)),
            segment: segment,
            tabHooks: TabHooks(onTapped: onTapped, badge: badge)
        )
    }

    /// A tab showing a child coordinator (usually a navigation coordinator with its own stack).
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        tab title: String,
        icon: String? = nil,
        onReselect: TabReselection = .keepStack,
        segment: String? = nil,
        badge: (@Sendable (Coordinator) -> () async throws -> String?)? = nil,
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Output: Coordinatable {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .plain(wrappedValue),
            metadata: .tab(TabItem(title: title, icon: icon, reselection: onReselect)),
            segment: segment,
            tabHooks: TabHooks(onTapped: onTapped, badge: badge)
        )
    }
}

// A tab route whose factory takes an input is a dynamic tab, one per value, opened at run time
// (``TabOperations/openTab(_:_:select:)``); `title:` names each (the declared title is the
// fallback), `badge:` gets the input too.

extension Route where Kind == TabRoute {
    /// A dynamic tab showing a screen, one per input value.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        tab title: String,
        icon: String? = nil,
        onReselect: TabReselection = .keepStack,
        segment: String? = nil,
        title tabTitle: (@Sendable (Coordinator) -> (Input) async throws -> String)? = nil,
        badge: (@Sendable (Coordinator) -> (Input) async throws -> String?)? = nil,
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: Codable, Output: Screen {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .tab(TabItem(title: title, icon: icon, reselection: onReselect)),
            segment: segment,
            tabHooks: TabHooks(onTapped: onTapped, inputBadge: badge, title: tabTitle)
        )
    }

    /// A dynamic tab showing a child coordinator, one per input value.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        tab title: String,
        icon: String? = nil,
        onReselect: TabReselection = .keepStack,
        segment: String? = nil,
        title tabTitle: (@Sendable (Coordinator) -> (Input) async throws -> String)? = nil,
        badge: (@Sendable (Coordinator) -> (Input) async throws -> String?)? = nil,
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: Codable, Output: Coordinatable {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .tab(TabItem(title: title, icon: icon, reselection: onReselect)),
            segment: segment,
            tabHooks: TabHooks(onTapped: onTapped, inputBadge: badge, title: tabTitle)
        )
    }
}
