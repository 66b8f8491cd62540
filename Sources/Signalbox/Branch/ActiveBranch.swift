/// Everything one walk of the active branch finds: the canonical path, every screen from the
/// outermost root to the top (each with its own path), and the tab bars on the way.
///
/// Take one per request (``NavigationTree/activeBranch``) and read everything from it: it is a
/// value, so what a page shows and what a JSON answer says come from the same walk.
public struct ActiveBranch {
    /// The canonical path, e.g. `/authenticated/todos/todo/3/pickProject`.
    public let path: String
    /// The screens, outermost first.
    public let screens: [BranchEntry]
    /// The tab bars, outermost first.
    public let tabBars: [TabBar]
    /// The deepest active coordinator.
    let top: CoordinatorNode
    /// The tab coordinators of the tab bars, in the same order.
    let tabNodes: [TabsNode]
    /// A page walk's tab bars, made by ``tabBarsWithBadges()`` (``tabBars`` is empty then).
    let deferredTabBars: [BranchWalker.DeferredTabBar]

    init(_ walker: BranchWalker, root: CoordinatorNode) {
        self.path = walker.path
        self.screens = walker.screens
        self.tabBars = walker.tabBars
        self.tabNodes = walker.tabNodes
        self.deferredTabBars = walker.deferredTabBars
        self.top = walker.top ?? root
    }

    /// ``tabBars`` with each tab's badge loaded (`@Route(tab:badge:)`, which may `await` a
    /// database, as screen titles do) and each dynamic tab's title (`title:`). Tabs without a
    /// badge loader keep `nil`.
    public func tabBarsWithBadges() async throws -> [TabBar] {
        var bars =
            self.deferredTabBars.isEmpty ? self.tabBars : BranchWalker.tabBars(self.deferredTabBars, path: self.path)
        for (bar, node) in zip(bars.indices, self.tabNodes) {
            guard let owner = node.owner else { continue }
            for (position, slot) in node.tabs.enumerated() where bars[bar].tabs.indices.contains(position) {
                guard let hooks = node.table.routes[slot.route].tabHooks else { continue }
                if let load = hooks.badge {
                    bars[bar].tabs[position].badge = try await load(owner, slot.input)
                }
                if let load = hooks.title, slot.input != nil {
                    bars[bar].tabs[position].title = try await load(owner, slot.input)
                }
            }
        }
        return bars
    }

    /// The screen on top.
    public var topScreen: BranchEntry? { self.screens.last }

    /// The deepest active coordinator: the one whose routes a by-name route request uses.
    package var topCoordinator: (any Coordinatable)? { self.top.owner }

    /// The path after popping the top entry, or `nil` when nothing can be popped.
    package var pathAfterPop: String? {
        guard let last = self.screens.lastIndex(where: { $0.presentation != nil }), last > 0 else { return nil }
        return self.screens[last - 1].path
    }

    /// The routes of the top coordinator that can be pushed or presented, with the path each
    /// would lead to; routes with an input show `{input}` in its place.
    package var availableRoutes: [(name: String, path: String)] {
        guard self.top.presentsRoutes else { return [] }
        let prefix = self.path == "/" ? "" : self.path
        return self.top.table.routes.compactMap { route in
            guard route.presentation != nil else { return nil }
            let inputs = String(repeating: "/{input}", count: route.input?.segmentCount ?? 0)
            return (route.name, prefix + "/" + route.name + inputs)
        }
    }
}
