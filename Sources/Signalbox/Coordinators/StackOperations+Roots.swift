// Roots: switch a navigation coordinator's root (which pops its stack) and ask which is active.
// With an input, "the same root" means an equal input: by default the same JSON (the input is
// `Codable`), or what the app's comparator says (Stinsen's `root(_:_:comparator:)`).

extension StackOperations {
    /// Switches to a screen root without input (popping the stack). A no-op if it is active.
    @discardableResult
    public func root<Output: Screen>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Void, Output>>
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(root)
        _ = try await node.switchRoot(to: index, input: nil)
        return coordinator
    }

    /// Switches to a screen root with an input. A no-op if it is active with an equal input.
    @discardableResult
    public func root<Input: Codable, Output: Screen>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(root)
        _ = try await node.switchRoot(to: index, input: input)
        return coordinator
    }

    /// Switches to a coordinator root without input; returns the root coordinator.
    @discardableResult
    public func root<Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Void, Output>>
    ) async throws -> Output {
        let (_, node, index) = try self.resolve(root)
        return try await node.switchRoot(to: index, input: nil).output()
    }

    /// Switches to a coordinator root with an input; returns the root coordinator.
    @discardableResult
    public func root<Input: Codable, Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input
    ) async throws -> Output {
        let (_, node, index) = try self.resolve(root)
        return try await node.switchRoot(to: index, input: input).output()
    }

    /// Switches to a screen root with an input; a no-op if it is active with an input
    /// `comparator` finds equal.
    @discardableResult
    public func root<Input: Codable, Output: Screen>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input,
        comparator: (Input, Input) -> Bool
    ) async throws -> Coordinator {
        let (coordinator, node, index) = try self.resolve(root)
        let same = self.isRoot(root, input, comparator: comparator)
        _ = try await node.switchRoot(to: index, input: input, isSame: same)
        return coordinator
    }

    /// Switches to a coordinator root with an input; a no-op if it is active with an input
    /// `comparator` finds equal. Returns the root coordinator.
    @discardableResult
    public func root<Input: Codable, Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input,
        comparator: (Input, Input) -> Bool
    ) async throws -> Output {
        let (_, node, index) = try self.resolve(root)
        let same = self.isRoot(root, input, comparator: comparator)
        return try await node.switchRoot(to: index, input: input, isSame: same).output()
    }

    // MARK: Queries

    /// Whether `root` is the active root (`false` once the coordinator is gone).
    public func isRoot<Input, Output>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>
    ) -> Bool {
        guard let (_, node, index) = try? self.resolve(root) else { return false }
        return node.root?.route == index
    }

    /// The active root's coordinator if `root` is the active root.
    public func hasRoot<Input, Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>
    ) -> Output? {
        guard let (_, node, index) = try? self.resolve(root), node.root?.route == index else { return nil }
        return node.root?.content.child?.coordinator as? Output
    }

    /// The active root's input, if `root` is active and took one.
    public func rootInput<Input, Output>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>
    ) -> Input? {
        guard let (_, node, index) = try? self.resolve(root), node.root?.route == index else { return nil }
        return node.root?.input as? Input
    }

    /// Whether `root` is the active root with an input equal to `input`.
    public func isRoot<Input: Equatable, Output>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input
    ) -> Bool {
        self.isRoot(root, input, comparator: ==)
    }

    /// Whether `root` is the active root with an input `comparator` finds equal to `input`.
    public func isRoot<Input, Output>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input,
        comparator: (Input, Input) -> Bool
    ) -> Bool {
        self.rootInput(root).map { comparator($0, input) } ?? false
    }

    /// The active root's coordinator if `root` is the active root with an input equal to `input`.
    public func hasRoot<Input: Equatable, Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input
    ) -> Output? {
        self.hasRoot(root, input, comparator: ==)
    }

    /// The active root's coordinator if `root` is the active root with an input `comparator`
    /// finds equal to `input`.
    public func hasRoot<Input, Output: Coordinatable>(
        _ root: KeyPath<Coordinator, Transition<Coordinator, RootRoute, Input, Output>>,
        _ input: Input,
        comparator: (Input, Input) -> Bool
    ) -> Output? {
        self.isRoot(root, input, comparator: comparator) ? self.hasRoot(root) : nil
    }
}
