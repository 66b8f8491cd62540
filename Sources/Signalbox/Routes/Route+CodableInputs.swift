// Presented routes whose input is any `Codable` value (a struct, an enum, an array) or that take
// several arguments. The URL holds the input in one readable, canonical segment per argument:
//
//     @Route(.push) var search = makeSearch        // func makeSearch(_ query: Query) -> SearchScreen
//     @Route(.push) var cell = makeCell            // func makeCell(row: Int, column: String) -> CellScreen
//
//     try await router.route(to: \.search, Query(text: "milk", done: false))  // …/search/(done=false,text=milk)
//     try await router.route(to: \.cell, (2, "B"))                            // …/cell/2/B
//
// A value is written as its text; a struct or dictionary as `(name=value,…)`, fields sorted by
// name, absent optionals left out; an array as `(a,b,…)`. `( ) , =` inside values are
// percent-encoded, as everything but letters, digits and `- _ .` is. A type that is also
// ``PathSegmentConvertible`` (`Int`, `String`, `UUID`) keeps its own text. Sets and
// dictionaries without an order are refused, as is a type whose `Codable` conformance does not
// round-trip: their URLs would not be stable.

extension Route where Kind == PresentedRoute {
    /// A route with a `Codable` input to a screen.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: Codable, Output: Screen {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss
        )
    }

    /// A route with a `Codable` input to a screen that answers with a value.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Output.Answer>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: Codable, Output: Screen & Answering {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }

    /// A route with a `Codable` input to a child coordinator.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: Codable, Output: Coordinatable {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss
        )
    }

    /// A route with a `Codable` input to a child coordinator that answers with a value.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Output.Answer>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: Codable, Output: Coordinatable & Answering {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss
        )
    }

    /// A route with several `Codable` arguments (one path segment each) to a screen.
    public init<each Argument: Codable & SendableMetatype>(
        wrappedValue: @escaping @Sendable (Coordinator) -> (repeat each Argument) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == (repeat each Argument), Output: Screen {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input { coordinator in { arguments in wrappedValue(coordinator)(repeat each arguments) } },
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss,
            inputCodec: { InputCodec.arguments(repeat (each Argument).self) }
        )
    }

    /// A route with several `Codable` arguments (one path segment each) to a screen that answers with a value.
    public init<each Argument: Codable & SendableMetatype>(
        wrappedValue: @escaping @Sendable (Coordinator) -> (repeat each Argument) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Output.Answer>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == (repeat each Argument), Output: Screen & Answering {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input { coordinator in { arguments in wrappedValue(coordinator)(repeat each arguments) } },
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss,
            inputCodec: { InputCodec.arguments(repeat (each Argument).self) }
        )
    }

    /// A route with several `Codable` arguments (one path segment each) to a child coordinator.
    public init<each Argument: Codable & SendableMetatype>(
        wrappedValue: @escaping @Sendable (Coordinator) -> (repeat each Argument) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == (repeat each Argument), Output: Coordinatable {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input { coordinator in { arguments in wrappedValue(coordinator)(repeat each arguments) } },
            metadata: .presented(presentation),
            segment: segment,
            onDismiss: onDismiss,
            inputCodec: { InputCodec.arguments(repeat (each Argument).self) }
        )
    }

    /// A route with several `Codable` arguments (one path segment each) to a child coordinator that answers with a value.
    public init<each Argument: Codable & SendableMetatype>(
        wrappedValue: @escaping @Sendable (Coordinator) -> (repeat each Argument) -> Output,
        _ presentation: Presentation,
        segment: String? = nil,
        onResult: @escaping @Sendable (Coordinator) -> (RouteResult<Output.Answer>) async throws -> Void,
        onDismiss: (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == (repeat each Argument), Output: Coordinatable & Answering {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input { coordinator in { arguments in wrappedValue(coordinator)(repeat each arguments) } },
            metadata: .presented(presentation),
            segment: segment,
            onResult: .typed(onResult),
            onDismiss: onDismiss,
            inputCodec: { InputCodec.arguments(repeat (each Argument).self) }
        )
    }
}
