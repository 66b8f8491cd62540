// Stack mutations shared by every operation: appending, truncating, root switches, and the
// teardown that fires results and onDismiss callbacks.

extension CoordinatorNode {
    /// Appends an entry and adopts its child coordinator.
    func append(_ entry: Entry) {
        self.items.append(entry)
        self.adopt(entry.content)
    }

    /// Pops items until `count` remain, top first.
    func truncate(to count: Int) {
        while self.items.count > max(count, 0) {
            let entry = self.items.removeLast()
            self.dispose(entry)
        }
    }

    /// Replaces the root (popping every item first).
    func replaceRoot(with entry: Entry) {
        self.truncate(to: 0)
        if let old = self.root { self.dispose(old) }
        self.root = entry
        self.adopt(entry.content)
    }

    /// An entry left the stack: tear down its coordinator, deliver `.cancelled` if its route
    /// expects a result that never came, and run its onDismiss callback.
    func dispose(_ entry: Entry) {
        if case .coordinator(let child) = entry.content {
            child.node.tearDown()
        }
        if !entry.finished, let handler = self.table.routes[entry.route].result, let owner = self.owner {
            handler.deliver(owner, nil)
        }
        entry.onDismiss?()
    }

    /// This coordinator leaves the tree: everything under it is disposed.
    func tearDown() {
        guard !self.isDismissed else { return }
        switch self.kind {
        case .navigation:
            self.truncate(to: 0)
            if let root = self.root, case .coordinator(let child) = root.content {
                child.node.tearDown()
            }
        case .tabs:
            for slot in self.tabs {
                if case .coordinator(let child)? = slot.content { child.node.tearDown() }
            }
        case .wrapper:
            self.wrapped?.node.tearDown()
        }
        self.isDismissed = true
    }

    /// Throws when the coordinator was already removed from its tree.
    func checkAlive() throws(NavigationError) {
        if self.isDismissed { throw .coordinatorDismissed(coordinator: self.displayName) }
    }

    /// Asks the owner's guard about an operation.
    func checkGuard(route: Int, kind: NavigationAttempt.Kind, input: Any?, origin: NavigationAttempt.Origin)
        throws(NavigationError)
    {
        var resume = true
        try self.checkGuard(route: route, kind: kind, input: input, origin: origin, resume: &resume)
    }

    /// Asks the owner's guard; on a redirect, `resume` tells whether the original path should be
    /// kept as the tree's pending path.
    func checkGuard(
        route: Int, kind: NavigationAttempt.Kind, input: Any?, origin: NavigationAttempt.Origin, resume: inout Bool
    ) throws(NavigationError) {
        guard let owner = self.owner else { return }
        let name = self.table.routes[route].name
        switch owner.guardNavigation(NavigationAttempt(route: name, kind: kind, input: input, origin: origin)) {
        case .allow: return
        case .refuse(let reason): throw .refused(route: name, reason: reason)
        case .notFound(let reason): throw .notFound(route: name, reason: reason)
        case .redirect(let path, let resumes):
            resume = resumes
            throw .redirect(to: path)
        }
    }

    /// Throws when adding `extra` screens would exceed the tree's depth limit.
    func checkDepth(adding extra: Int) throws(NavigationError) {
        guard let tree = self.tree else { return }
        let limit = tree.configuration.maxDepth
        if tree.depth + extra > limit { throw .tooDeep(limit: limit) }
    }

    /// Removes this coordinator from its parent.
    func dismissFromParent() throws(NavigationError) {
        try self.checkAlive()
        guard let parent = self.parent else {
            throw .cannotDismiss(coordinator: self.displayName, reason: "it has no parent")
        }
        switch parent.kind {
        case .wrapper:
            try parent.dismissFromParent()
        case .tabs:
            throw .cannotDismiss(coordinator: self.displayName, reason: "it is a tab")
        case .navigation:
            guard let index = parent.items.firstIndex(where: { $0.content.coordinator?.node === self }) else {
                throw .cannotDismiss(coordinator: self.displayName, reason: "it is its parent's root")
            }
            parent.truncate(to: index)
        }
    }

    /// Ends the flow this coordinator was presented for with a value.
    func finishFromParent(with value: Any, screen: String) throws(NavigationError) {
        try self.checkAlive()
        guard let parent = self.parent else { throw .noResultExpected(screen: screen) }
        if parent.kind == .navigation,
            let index = parent.items.firstIndex(where: { $0.content.coordinator?.node === self })
        {
            try parent.finishEntry(at: index, with: value, screen: screen)
        } else {
            try parent.finishFromParent(with: value, screen: screen)
        }
    }

    /// Pops item `index` (and everything above it) delivering `.finished(value)` to its route's
    /// result handler; falls back to the enclosing flow when the route expects no result.
    func finishEntry(at index: Int, with value: Any, screen: String) throws(NavigationError) {
        let route = self.table.routes[self.items[index].route]
        guard let handler = route.result else {
            try self.finishFromParent(with: value, screen: screen)
            return
        }
        guard handler.accepts(value) else {
            throw .resultTypeMismatch(
                route: route.name, expected: handler.valueType, actual: String(reflecting: type(of: value)))
        }
        self.truncate(to: index + 1)
        var entry = self.items.removeLast()
        entry.finished = true
        self.dispose(entry)
        if let owner = self.owner { handler.deliver(owner, value) }
    }

    /// Sends a step up from this coordinator.
    func send(_ step: any Step) throws {
        var node: CoordinatorNode? = self
        while let current = node {
            if let owner = current.owner, try owner.handle(step) { return }
            node = current.parent
        }
        throw NavigationError.unhandledStep(step: String(describing: step))
    }
}
