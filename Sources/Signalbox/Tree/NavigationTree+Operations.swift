// Operations on the active branch by name: what the web layer's `/_nav/*` endpoints and form
// posts call. Each validates its input and throws a NavigationError value on misuse.

extension NavigationTree {
    /// Pushes or presents route `name` of the top coordinator, decoding `input` from its
    /// path-segment text.
    public func route(toNamed name: String, input: String?) throws(NavigationError) {
        let node = self.root.node.topNode
        guard node.kind == .navigation, let index = node.table.index(named: name),
            node.table.routes[index].presentation != nil
        else {
            throw .unknownRoute(segment: name, coordinator: node.displayName, path: self.path)
        }
        let route = node.table.routes[index]
        var value: Any?
        if let codec = route.input {
            guard let input else { throw .missingInput(route: name) }
            do {
                value = try codec.decode(input)
            } catch {
                throw .badInput(route: name, segment: String(input.prefix(128)), reason: error.reason)
            }
        }
        _ = try node.pushRoute(index, input: value, onDismiss: nil)
    }

    /// Pops the top-most stack entry of the active branch (the page shown on top).
    ///
    /// - Parameter respectingDismissibility: refuse to pop a `.modal(dismissible: false)` entry.
    public func popTop(respectingDismissibility: Bool = true) throws(NavigationError) {
        guard let (node, index) = self.topItem() else {
            throw .nothingToPop(coordinator: self.root.node.topNode.displayName)
        }
        let entry = node.items[index]
        if respectingDismissibility, entry.presentation?.isDismissible == false {
            throw .notDismissible(route: node.table.routes[entry.route].name)
        }
        node.truncate(to: index)
    }

    /// Pops the top-most coordinator stack to its root (the top coordinator's, or the nearest
    /// one above it that has entries).
    public func popTopToRoot() throws(NavigationError) {
        var node: CoordinatorNode? = self.root.node.topNode
        while let current = node {
            if current.kind == .navigation && !current.items.isEmpty {
                current.truncate(to: 0)
                return
            }
            node = current.parent
        }
        throw .nothingToPop(coordinator: self.root.node.topNode.displayName)
    }

    /// Closes the top-most modal or full-screen presentation (and anything above it).
    public func dismissTopPresentation() throws(NavigationError) {
        let branch = self.branch
        guard let entry = branch.last(where: { $0.presentation?.isPresentation == true }) else {
            throw .nothingToDismiss
        }
        // The entry is either a screen item of its node, or the first screen of a presented
        // coordinator: find the stack item that presented it.
        var node = entry.node
        var index = entry.index
        while index < 0 {
            guard let parent = node.parent else { throw .nothingToDismiss }
            if parent.kind == .navigation,
                let position = parent.items.firstIndex(where: { $0.content.coordinator?.node === node })
            {
                index = position
            }
            node = parent
        }
        let item = node.items[index]
        if item.presentation?.isDismissible == false {
            throw .notDismissible(route: node.table.routes[item.route].name)
        }
        node.truncate(to: index)
    }

    /// Selects the tab `name` in the nearest tab coordinator on the active branch that has it.
    /// Selecting the active tab again applies its re-selection behaviour.
    public func selectTab(named name: String) throws(NavigationError) {
        var node: CoordinatorNode? = self.root.node.topNode
        while let current = node {
            if current.kind == .tabs,
                let slot = current.tabs.first(where: { current.table.routes[$0.route].name == name })
            {
                _ = try current.selectTab(slot.route, reselect: true)
                return
            }
            node = current.parent
        }
        throw .unknownTab(name: name)
    }

    /// Delivers a form to the screen on top of the active branch.
    ///
    /// - Parameter services: values the screen can fetch with ``ScreenContext/service(_:)``.
    public func submit(_ form: FormData, services: [ObjectIdentifier: Any] = [:]) throws -> Submission {
        guard let top = self.branch.last else { throw NavigationError.nothingToPop(coordinator: "tree") }
        return try top.screen.submit(form, context: self.makeContext(for: top, services: services))
    }

    /// A context for acting on behalf of a screen of the active branch (what ``submit(_:services:)``
    /// hands the top screen).
    public func makeContext(for entry: BranchEntry, services: [ObjectIdentifier: Any] = [:]) -> ScreenContext {
        ScreenContext(tree: self, node: entry.node, index: entry.index, services: services)
    }

    /// Delivers a deep link to the active branch, from the root down.
    ///
    /// - Throws: ``NavigationError/unhandledDeepLink(link:)`` when no coordinator handles it.
    public func deliver(_ link: any DeepLink) throws {
        guard try CoordinatorNode.deliver(link, to: self.root) else {
            throw NavigationError.unhandledDeepLink(link: String(describing: link))
        }
    }

    /// Sends a step from the top coordinator upwards.
    public func send(_ step: any Step) throws {
        try self.root.node.topNode.send(step)
    }

    /// The top-most stack item on the active branch: its node and index.
    func topItem() -> (CoordinatorNode, Int)? {
        var node: CoordinatorNode? = self.root.node.topNode
        while let current = node {
            if current.kind == .navigation && !current.items.isEmpty {
                return (current, current.items.count - 1)
            }
            // The current node is the root content or a tab of its parent: look further up.
            node = current.parent
        }
        return nil
    }
}
