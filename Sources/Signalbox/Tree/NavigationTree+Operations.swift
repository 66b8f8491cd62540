// Operations on the active branch by name: what a host's router API and form posts call. Each
// validates its input and throws a NavigationError value on misuse.

extension NavigationTree {
    /// Pushes or presents route `name` of the top coordinator, decoding `input` from its
    /// (decoded) path-segment text.
    package func route(toNamed name: String, input: String?) async throws {
        let branch = self.activeBranch(.path)
        guard try await branch.top.route(toNamed: name, input: input) else {
            throw NavigationError.unknownRoute(segment: name, coordinator: branch.top.displayName, path: branch.path)
        }
    }

    /// Pops the top-most stack entry of the active branch (the page shown on top).
    ///
    /// - Parameter respectingDismissibility: refuse to pop a `.modal(dismissible: false)` entry.
    package func popTop(respectingDismissibility: Bool = true) async throws {
        let top = self.activeBranch(.count).top
        // The nearest stack with items at or above the top: a root or a tab looks further up.
        for node in sequence(first: top, next: \.parent)
        where try await node.popTopItem(respectingDismissibility: respectingDismissibility) {
            return
        }
        throw NavigationError.nothingToPop(coordinator: top.displayName)
    }

    /// Pops the top-most stack that has entries to its root.
    package func popTopToRoot() async throws {
        let top = self.activeBranch(.count).top
        for node in sequence(first: top, next: \.parent) where try await node.popItemsToRoot() {
            return
        }
        throw NavigationError.nothingToPop(coordinator: top.displayName)
    }

    /// Closes the top-most modal or full-screen presentation (and anything above it).
    package func dismissTopPresentation() async throws {
        guard let entry = self.activeBranch.screens.last(where: { $0.presentation?.isPresentation == true }) else {
            throw NavigationError.nothingToDismiss
        }
        // The entry is a screen item of its stack, or the first screen of a presented
        // coordinator: close the stack item that presented it.
        if try await entry.node.dismissPresentation(showing: entry.position) { return }
        var child = entry.node
        while let parent = child.parent {
            if try await parent.dismissPresentation(holding: child) { return }
            child = parent
        }
        throw NavigationError.nothingToDismiss
    }

    /// Selects the tab `name` in the nearest tab coordinator on the active branch that has it.
    /// Selecting the active tab again applies its re-selection behaviour.
    package func selectTab(named name: String) async throws {
        for node in sequence(first: self.activeBranch(.count).top, next: \.parent)
        where try await node.selectTab(named: name[...]) {
            return
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
}
