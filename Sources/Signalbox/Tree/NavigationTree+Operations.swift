// Operations on the active branch by name: what a host's router API and form posts call. Each
// validates its input and throws a NavigationError value on misuse.

extension NavigationTree {
    /// Pushes or presents route `name` of the top coordinator, decoding `input` from its
    /// (decoded) path-segment text.
    package func route(toNamed name: String, input: String?) async throws {
        let branch = self.activeBranch(.path)
        guard let node = branch.top as? StackNode, let index = node.table.index(named: name),
            node.table.routes[index].presentation != nil
        else {
            throw NavigationError.unknownRoute(segment: name, coordinator: branch.top.displayName, path: branch.path)
        }
        let route = node.table.routes[index]
        var value: Any?
        if route.input != nil {
            guard let input else { throw NavigationError.missingInput(route: name) }
            value = try route.decode(text: input).value
        }
        _ = try await node.push(index, input: value, onDismiss: nil)
    }

    /// Pops the top-most stack entry of the active branch (the page shown on top).
    ///
    /// - Parameter respectingDismissibility: refuse to pop a `.modal(dismissible: false)` entry.
    package func popTop(respectingDismissibility: Bool = true) async throws {
        let top = self.activeBranch(.count).top
        guard let (node, index) = Self.nearestItem(from: top) else {
            throw NavigationError.nothingToPop(coordinator: top.displayName)
        }
        let entry = node.items[index]
        if respectingDismissibility, entry.presentation?.isDismissible == false {
            throw NavigationError.notDismissible(route: node.table.routes[entry.route].name)
        }
        try await node.pop(to: .top(of: index))
    }

    /// Pops the top-most stack that has entries to its root.
    package func popTopToRoot() async throws {
        let top = self.activeBranch(.count).top
        guard let (node, _) = Self.nearestItem(from: top) else {
            throw NavigationError.nothingToPop(coordinator: top.displayName)
        }
        try await node.pop(to: .root)
    }

    /// Closes the top-most modal or full-screen presentation (and anything above it).
    package func dismissTopPresentation() async throws {
        guard let entry = self.activeBranch.screens.last(where: { $0.presentation?.isPresentation == true }) else {
            throw NavigationError.nothingToDismiss
        }
        // The entry is a screen item of its stack, or the first screen of a presented
        // coordinator: find the stack item that presented it.
        guard let (node, index) = Self.item(presenting: entry) else { throw NavigationError.nothingToDismiss }
        let item = node.items[index]
        if item.presentation?.isDismissible == false {
            throw NavigationError.notDismissible(route: node.table.routes[item.route].name)
        }
        try await node.pop(to: .top(of: index))
    }

    /// Selects the tab `name` in the nearest tab coordinator on the active branch that has it.
    /// Selecting the active tab again applies its re-selection behaviour.
    package func selectTab(named name: String) async throws {
        var node: CoordinatorNode? = self.activeBranch(.count).top
        while let current = node {
            if let tabs = current as? TabsNode, let position = tabs.position(ofTabNamed: name[...]) {
                _ = try await tabs.select(position: position, tapped: true)
                return
            }
            node = current.parent
        }
        throw NavigationError.unknownTab(name: name)
    }

    /// Delivers a form to the screen on top of the active branch.
    ///
    /// - Parameter services: what the screen can fetch with ``ScreenContext/service(_:)``.
    package func submit(_ form: FormData, services: ScreenServices = ScreenServices()) async throws -> Submission {
        guard let top = self.activeBranch.topScreen else {
            throw NavigationError.snapshotMismatch(reason: "the active branch holds no screen")
        }
        do {
            return try await top.screen.submit(form, context: self.context(for: top, services: services))
        } catch let rejection as FormRejection {
            return .invalid(rejection)
        }
    }

    /// The file `name` the screen on top of the active branch offers, or `nil`.
    package func download(named name: String, services: ScreenServices = ScreenServices()) async throws -> Download? {
        guard let top = self.activeBranch.topScreen else { return nil }
        return try await top.screen.download(name, context: self.context(for: top, services: services))
    }

    /// A context for the screen on top of the active branch, as its form handler gets it; for
    /// unit tests of a screen's `submit`.
    ///
    /// - Throws: ``NavigationError/snapshotMismatch(reason:)`` when the branch holds no screen.
    public func contextForTopScreen(
        services: ScreenServices = ScreenServices()
    ) throws(NavigationError) -> ScreenContext {
        guard let top = self.activeBranch.topScreen else {
            throw .snapshotMismatch(reason: "the active branch holds no screen")
        }
        return self.context(for: top, services: services)
    }

    /// A context for acting on behalf of a screen of the active branch.
    public func context(for entry: BranchEntry, services: ScreenServices = ScreenServices()) -> ScreenContext {
        ScreenContext(tree: self, node: entry.node, position: entry.position, services: services)
    }

    /// Delivers a deep link to the active branch, from the root down.
    ///
    /// - Throws: ``NavigationError/unhandledDeepLink(link:)`` when no coordinator handles it.
    public func deliver(_ link: any DeepLink) async throws {
        guard try await self.rootNode.deliver(link) else {
            throw NavigationError.unhandledDeepLink(link: String(describing: link))
        }
    }

    /// Sends a step from the top coordinator upwards.
    public func send(_ step: any Step) async throws {
        try await self.activeBranch(.count).top.send(step)
    }

    /// The nearest stack item at or above `node`: its stack and index.
    private static func nearestItem(from node: CoordinatorNode) -> (StackNode, Int)? {
        var node: CoordinatorNode? = node
        while let current = node {
            if let stack = current as? StackNode, !stack.items.isEmpty { return (stack, stack.items.count - 1) }
            // A root or a tab of its parent: look further up.
            node = current.parent
        }
        return nil
    }

    /// The stack item that shows `entry` first: its own item, or the item holding the
    /// coordinator whose first screen it is.
    private static func item(presenting entry: BranchEntry) -> (StackNode, Int)? {
        if case .item(let index)? = entry.position, let stack = entry.node as? StackNode { return (stack, index) }
        var child = entry.node
        while let parent = child.parent {
            if let stack = parent as? StackNode, let index = stack.itemIndex(holding: child) { return (stack, index) }
            child = parent
        }
        return nil
    }
}
