// focusFirst: pop back to an entry already on the stack, found by route and, optionally, by its
// input (equal canonical path segments, or a comparator of the app's, as Stinsen's overloads).

extension StackOperations {
    /// Pops until the first entry of a screen route is on top.
    @discardableResult
    public func focusFirst<Input, Output: Screen>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(route)
        _ = try await node.focus(index, segment: nil)
        return coordinator
    }

    /// Pops until the first entry of a screen route with an equal input (the same canonical
    /// path segments) is on top.
    @discardableResult
    public func focusFirst<Input, Output: Screen>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>,
        _ input: Input
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(route)
        _ = try await node.focus(index, segment: try node.table.routes[index].encodeSegment(input))
        return coordinator
    }

    /// Pops until the first entry of a coordinator route is on top; returns that coordinator.
    @discardableResult
    public func focusFirst<Input, Output: Coordinatable>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>
    ) async throws -> Output {
        let (_, node, index) = try self.resolve(route)
        return try await node.focus(index, segment: nil).output()
    }

    /// Pops until the first entry of a coordinator route with an equal input (the same
    /// canonical path segments) is on top; returns that coordinator.
    @discardableResult
    public func focusFirst<Input, Output: Coordinatable>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>,
        _ input: Input
    ) async throws -> Output {
        let (_, node, index) = try self.resolve(route)
        return try await node.focus(index, segment: try node.table.routes[index].encodeSegment(input)).output()
    }

    /// Pops until the first entry of a screen route whose input `comparator` finds equal to
    /// `input` is on top.
    ///
    /// ```swift
    /// try await todos.focusFirst(\.todo, 3) { $0 == $1 }
    /// ```
    @discardableResult
    public func focusFirst<Input, Output: Screen>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>,
        _ input: Input,
        comparator: (Input, Input) -> Bool
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(route)
        _ = try await node.focus(index, where: { ($0 as? Input).map { comparator($0, input) } ?? false })
        return coordinator
    }

    /// Pops until the first entry of a coordinator route whose input `comparator` finds equal to
    /// `input` is on top; returns that coordinator.
    @discardableResult
    public func focusFirst<Input, Output: Coordinatable>(
        _ route: KeyPath<Coordinator, Transition<Coordinator, PresentedRoute, Input, Output>>,
        _ input: Input,
        comparator: (Input, Input) -> Bool
    ) async throws -> Output {
        let (_, node, index) = try self.resolve(route)
        return try await node.focus(index, where: { ($0 as? Input).map { comparator($0, input) } ?? false }).output()
    }
}
