/// What a screen's form handler can reach: its coordinator's router, the tree, steps, results,
/// and services the host put there (e.g. the web layer's session controls).
///
/// A context is made for one submission; do not keep it. A unit test builds one for the top
/// screen of a tree with ``NavigationTree/contextForTopScreen(services:)``.
public final class ScreenContext {
    /// The tree the screen lives in.
    public let tree: NavigationTree
    /// The coordinator owning the screen.
    public let coordinator: any Coordinatable
    let node: CoordinatorNode
    /// Where the screen sits in its coordinator's stack; `nil` for a tab's screen.
    public let position: StackPosition?
    /// What the host offers the screen.
    public let services: ScreenServices

    init(tree: NavigationTree, node: CoordinatorNode, position: StackPosition?, services: ScreenServices) {
        self.tree = tree
        self.node = node
        self.coordinator = node.owner ?? tree.root
        self.position = position
        self.services = services
    }

    /// The router of the nearest coordinator of type `C`, starting at the screen's own
    /// coordinator (whose router knows this screen's position).
    ///
    /// - Throws: ``NavigationError/coordinatorNotFound(type:)`` when no coordinator of that type
    ///   is at or above the screen.
    public func router<C: NavigationCoordinatable>(
        _ type: C.Type = C.self
    ) throws(NavigationError) -> NavigationRouter<C> {
        if let own = self.coordinator as? C {
            return NavigationRouter(own, position: self.position ?? .root)
        }
        return try self.routers.require(type)
    }

    /// The router of the nearest tab coordinator of type `C` at or above the screen
    /// (Stinsen's `TabRouter`): `try await context.router(AppTabs.self).select(tabAt: 0)`.
    ///
    /// - Throws: ``NavigationError/coordinatorNotFound(type:)`` when there is none.
    public func router<C: TabCoordinatable>(_ type: C.Type = C.self) throws(NavigationError) -> TabRouter<C> {
        try self.coordinator(type).router
    }

    /// The nearest coordinator of type `C` at or above the screen's coordinator — for
    /// wrappers, which have no router:
    /// `try await context.coordinator(AppTabs.self).focusFirst(\.todos).child.route(to: \.todo, 3)`.
    ///
    /// - Throws: ``NavigationError/coordinatorNotFound(type:)`` when there is none.
    public func coordinator<C: Coordinatable>(_ type: C.Type = C.self) throws(NavigationError) -> C {
        guard let (coordinator, _) = self.node.nearest(type) else {
            throw .coordinatorNotFound(type: String(describing: type))
        }
        return coordinator
    }

    /// All routers reachable from this screen, by type (``RouterStore/retrieve(_:)->NavigationRouter<C>?`` answers
    /// `nil` instead of throwing).
    public var routers: RouterStore { RouterStore(tree: self.tree, start: self.node) }

    /// Sends a step to the screen's coordinator; it travels up until handled.
    ///
    /// - Throws: ``NavigationError/unhandledStep(step:)`` if nobody handles it.
    public func send(_ step: any Step) async throws {
        try await self.node.send(step)
    }

    /// Answers the sub-flow this screen belongs to with `value` (see
    /// ``Answering/finish(with:context:)``).
    func finish(answering value: Any) async throws {
        let screen = self.node.displayName
        var hooks = HookQueue()
        try self.node.finish(screenAt: self.position, with: value, screen: screen, &hooks)
        try await hooks.run()
    }

    /// Leaves a notice ("Todo created") for the next page this session is shown (see
    /// ``Notice``).
    public func notify(_ kind: Notice.Kind, _ text: String) {
        self.tree.notify(kind, text)
    }

    /// A service the host registered, e.g. `context.service(SessionControl.self)`.
    public func service<Service>(_ type: Service.Type) -> Service? {
        self.services[type]
    }
}

/// Values a host hands to screens through their ``ScreenContext``, one per type.
///
/// ```swift
/// var services = ScreenServices()
/// services.register(sessionControl)
/// try await tree.submit(form, services: services)
/// ```
public struct ScreenServices {
    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// Registers `service` under its own type (replacing an earlier one of that type).
    public mutating func register<Service>(_ service: Service) {
        self.values[ObjectIdentifier(Service.self)] = service
    }

    /// The service of that type, if registered.
    public subscript<Service>(_ type: Service.Type) -> Service? {
        self.values[ObjectIdentifier(type)] as? Service
    }
}
