// `@Root`: a navigation coordinator's roots, with or without an app-given input.

extension Route where Kind == RootRoute {
    /// A root without input showing a screen.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        segment: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == Void, Output: Screen {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .plain(wrappedValue),
            metadata: .root,
            segment: segment
        )
    }

    /// A root without input showing a child coordinator.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> () -> Output,
        segment: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == Void, Output: Coordinatable {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .plain(wrappedValue),
            metadata: .root,
            segment: segment
        )
    }

    /// A root whose input (e.g. the logged-in user) comes from the app, not the path. The input
    /// is stored in snapshots, so it must be `Codable`.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        segment: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: Codable, Output: Screen {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .root,
            segment: segment
        )
    }

    /// A root with a `Codable` input showing a child coordinator.
    public init(
        wrappedValue: @escaping @Sendable (Coordinator) -> (Input) -> Output,
        segment: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) where Input: Codable, Output: Coordinatable {
        self.init(
            site: RouteSite(Self.self, fileID: fileID, line: line, column: column),
            factory: .input(wrappedValue),
            metadata: .root,
            segment: segment
        )
    }
}
