// The initializers pick the route kind: `@Root` (no presentation), `@Route(.push)` and friends,
// and `@Route(tab:)`. Each comes for outputs that are screens or child coordinators, with and
// without an input.

// MARK: Presented routes

// Every presented route may declare `onDismiss:`, a method of the coordinator run whenever an
// entry of the route leaves the stack (popped, dismissed, its parent gone, or left by a path):
//
//     @Route(.modal, onDismiss: didCloseHelp) var help = makeHelp
//     func didCloseHelp() async throws { … }
//
// Being declared, it also runs for entries rebuilt from a path or restored from a snapshot,
// which a closure passed to `route(to:onDismiss:)` cannot.

extension Route where Kind == PresentedRoute {
    /// A route without input to a screen.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil
    ) where Input == Void, Output: Screen {
        self.init(
            factory: .plain(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss
        )
    }

    /// A route with a path-segment input to a screen.
    @_disfavoredOverload
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil
    ) where Input: PathSegmentConvertible, Output: Screen {
        self.init(
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss
        )
    }

    /// A route without input to a child coordinator.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil
    ) where Input == Void, Output: Coordinatable {
        self.init(
            factory: .plain(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss
        )
    }

    /// A route with a path-segment input to a child coordinator.
    @_disfavoredOverload
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil
    ) where Input: PathSegmentConvertible, Output: Coordinatable {
        self.init(
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss
        )
    }

    /// A route without input to a screen that answers with a value (``ScreenContext/finish(with:)``).
    ///
    /// `onResult` receives `.finished(value)` or `.cancelled` when the entry leaves the stack
    /// without answering.
    public init<Value>(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Value>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil
    ) where Input == Void, Output: Screen {
        self.init(
            factory: .plain(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }

    /// A route with a path-segment input to a screen that answers with a value.
    @_disfavoredOverload
    public init<Value>(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Value>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil
    ) where Input: PathSegmentConvertible, Output: Screen {
        self.init(
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }

    /// A route without input to a child coordinator that answers with a value.
    public init<Value>(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Value>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil
    ) where Input == Void, Output: Coordinatable {
        self.init(
            factory: .plain(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }

    /// A route with a path-segment input to a child coordinator that answers with a value.
    @_disfavoredOverload
    public init<Value>(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Value>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil
    ) where Input: PathSegmentConvertible, Output: Coordinatable {
        self.init(
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }
}

// MARK: Roots

extension Route where Kind == RootRoute {
    /// A root without input showing a screen.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        segment: String? = nil
    ) where Input == Void, Output: Screen {
        self.init(factory: .plain(wrappedValue), metadata: .root, segment: segment)
    }

    /// A root without input showing a child coordinator.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        segment: String? = nil
    ) where Input == Void, Output: Coordinatable {
        self.init(factory: .plain(wrappedValue), metadata: .root, segment: segment)
    }

    /// A root whose input (e.g. the logged-in user) comes from the app, not the path. The input
    /// is stored in snapshots, so it must be `Codable`.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        segment: String? = nil
    ) where Input: Codable, Output: Screen {
        self.init(factory: .input(wrappedValue), metadata: .root, segment: segment)
    }

    /// A root with a `Codable` input showing a child coordinator.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        segment: String? = nil
    ) where Input: Codable, Output: Coordinatable {
        self.init(factory: .input(wrappedValue), metadata: .root, segment: segment)
    }
}

// MARK: Tabs

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
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)? = nil
    ) where Output: Screen {
        self.init(
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
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)? = nil
    ) where Output: Coordinatable {
        self.init(
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
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)? = nil
    ) where Input: Codable, Output: Screen {
        self.init(
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
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)? = nil
    ) where Input: Codable, Output: Coordinatable {
        self.init(
            factory: .input(wrappedValue),
            metadata: .tab(TabItem(title: title, icon: icon, reselection: onReselect)),
            segment: segment,
            tabHooks: TabHooks(onTapped: onTapped, inputBadge: badge, title: tabTitle)
        )
    }
}

extension ResultHandlerFactory {
    static func typed<Coordinator: Coordinatable, Value>(
        _ handler: @escaping @Sendable (Coordinator) -> (RouteResult<Value>) async throws -> Void
    ) -> ResultHandlerFactory {
        ResultHandlerFactory {
            ResultHandler(
                valueType: String(reflecting: Value.self),
                accepts: { $0 is Value },
                deliver: { owner, value in
                    let coordinator = unsafeDowncast(owner, to: Coordinator.self)
                    if let value = value as? Value {
                        try await handler(coordinator)(.finished(value))
                    } else {
                        try await handler(coordinator)(.cancelled)
                    }
                }
            )
        }
    }
}
