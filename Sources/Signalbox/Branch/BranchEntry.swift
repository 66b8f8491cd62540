/// One screen on the active branch of a tree, from the outermost root to the top.
///
/// Every entry knows the canonical path that shows it on top, how it was presented and which
/// coordinator owns it.
public struct BranchEntry {
    /// The screen.
    public let screen: any Screen
    /// The route that built the screen; for the first screen of a pushed or presented child
    /// coordinator, the route that pushed or presented that coordinator (e.g. `wizard`, not the
    /// wizard's root).
    public let route: String
    /// The canonical path whose top is this screen.
    public let path: String
    /// Non-`nil` when this screen starts a stack item (pushed or presented); `nil` for roots
    /// and tabs, which cannot be popped.
    public let presentation: Presentation?
    /// The coordinator owning the screen.
    public let coordinator: any Coordinatable
    /// Wrappers around this screen's coordinator, outermost first.
    public let wrappers: [WrapperCoordinatorInfo]

    let node: CoordinatorNode
    /// Where the screen sits in its coordinator's stack; `nil` for a tab's screen.
    let position: StackPosition?

    /// When this screen is the master of a ``SplitCoordinatable`` (its root screen): what its
    /// detail pane says while nothing is pushed; `nil` for every other screen.
    public var splitPlaceholder: String? {
        guard self.position == .root, self.node.table.isSplit, let split = self.coordinator as? any SplitCoordinatable
        else { return nil }
        return split.detailPlaceholder
    }

    /// The screen's title (asks the screen, which may load it).
    public var title: String {
        get async throws { try await self.screen.title }
    }
}

/// What a host needs to wrap a coordinator's rendering (see ``WrapperCoordinator`` and
/// ``Coordinatable/customize()``).
public struct WrapperCoordinatorInfo: Sendable, Hashable {
    /// Template that wraps the content (receives it as `content`).
    public var template: String
    /// Extra data for that template.
    public var viewModel: ViewModel

    public init(template: String, viewModel: ViewModel = [:]) {
        self.template = template
        self.viewModel = viewModel
    }
}

/// The tabs of one tab coordinator on the active branch.
public struct TabBar: Sendable, Hashable {
    public struct Tab: Sendable, Hashable {
        /// The tab's route name (path segment).
        public var name: String
        public var title: String
        public var icon: String?
        /// The path that shows this tab with its own current stack.
        public var path: String
        public var isActive: Bool
        /// The tab's badge (`@Route(tab:badge:)`), once loaded by
        /// ``ActiveBranch/tabBarsWithBadges()``; `nil` for none.
        public var badge: String?
    }

    /// The tab coordinator's type name.
    public var coordinator: String
    public var tabs: [Tab]
}
