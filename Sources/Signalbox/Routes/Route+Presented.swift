// `@Route(.push)`, `.modal` and `.fullScreen`: presented routes to screens and child
// coordinators, with and without a path-segment input. (Codable inputs and several arguments:
// Route+CodableInputs.swift.)
//
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
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == Void, Output: Screen {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
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
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: PathSegmentConvertible, Output: Screen {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
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
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == Void, Output: Coordinatable {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
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
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: PathSegmentConvertible, Output: Coordinatable {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss
        )
    }

    /// A route without input to a screen that answers with a value (an ``Answering`` screen).
    ///
    /// `onResult` receives `.finished(value)` or `.cancelled` when the entry leaves the stack
    /// without answering.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Output.Answer>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == Void, Output: Screen & Answering {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .plain(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }

    /// A route with a path-segment input to a screen that answers with a value.
    @_disfavoredOverload
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Output.Answer>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: PathSegmentConvertible, Output: Screen & Answering {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }

    /// A route without input to a child coordinator that answers with a value.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Output.Answer>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == Void, Output: Coordinatable & Answering {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .plain(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }

    /// A route with a path-segment input to a child coordinator that answers with a value.
    @_disfavoredOverload
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Output.Answer>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: PathSegmentConvertible, Output: Coordinatable & Answering {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
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
                    let coordinator = owner as! Coordinator
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
