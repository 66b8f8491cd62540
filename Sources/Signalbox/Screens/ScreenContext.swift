/// What a screen's form handler can reach: its coordinator's router, the tree, steps, results,
/// and services the host put there (e.g. the web layer's session controls).
///
/// A context is made for one submission; do not keep it.
public final class ScreenContext {
    /// The tree the screen lives in.
    public let tree: NavigationTree
    /// The coordinator owning the screen.
    public let coordinator: any Coordinatable
    let node: CoordinatorNode
    /// The screen's index in its coordinator's stack (`-1` for its root, `-2` for a tab).
    public let index: Int
    private var services: [ObjectIdentifier: Any]

    init(tree: NavigationTree, node: CoordinatorNode, index: Int, services: [ObjectIdentifier: Any]) {
        self.tree = tree
        self.node = node
        self.coordinator = node.owner ?? tree.root
        self.index = index
        self.services = services
    }

    /// The router of the nearest coordinator of type `C`, starting at the screen's own
    /// coordinator (whose router knows this screen's index).
    public func router<C: NavigationCoordinatable>(_ type: C.Type = C.self) -> NavigationRouter<C>? {
        if let own = self.coordinator as? C {
            return NavigationRouter(own, id: max(self.index, -1))
        }
        return RouterStore(tree: self.tree, start: self.node).retrieve(type)
    }

    /// The nearest coordinator of type `C` at or above the screen's coordinator — for tab
    /// coordinators and wrappers, which have no router:
    /// `try context.coordinator(AppTabs.self)?.focusFirst(\.todos).child.route(to: \.todo, 3)`.
    public func coordinator<C: Coordinatable>(_ type: C.Type = C.self) -> C? {
        var node: CoordinatorNode? = self.node
        while let current = node {
            if let coordinator = current.owner as? C { return coordinator }
            node = current.parent
        }
        return nil
    }

    /// All routers reachable from this screen, by type.
    public var routers: RouterStore { RouterStore(tree: self.tree, start: self.node) }

    /// Sends a step to the screen's coordinator; it travels up until handled.
    ///
    /// - Throws: ``NavigationError/unhandledStep(step:)`` if nobody handles it.
    public func send(_ step: any Step) throws {
        try self.node.send(step)
    }

    /// Answers the sub-flow this screen belongs to with `value`: the nearest enclosing route
    /// that declared `onResult` is popped and its handler receives `.finished(value)`.
    ///
    /// - Throws: ``NavigationError/noResultExpected(screen:)`` or
    ///   ``NavigationError/resultTypeMismatch(route:expected:actual:)``.
    public func finish(with value: Any) throws(NavigationError) {
        let screen = self.node.displayName
        if self.index >= 0, self.index < self.node.items.count {
            try self.node.finishEntry(at: self.index, with: value, screen: screen)
        } else {
            try self.node.finishFromParent(with: value, screen: screen)
        }
    }

    /// A service the host registered (see ``NavigationTree/submit(_:services:)``).
    public func service<Service>(_ type: Service.Type) -> Service? {
        self.services[ObjectIdentifier(type)] as? Service
    }
}
