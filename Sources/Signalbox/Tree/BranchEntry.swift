/// One screen on the active branch of a tree, from the outermost root to the top.
///
/// The web layer renders breadcrumbs, dialogs and full-screen pages from these; every entry
/// knows the canonical path that shows it on top.
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
    /// Index of the entry in the node's stack; -1 for a root, -2 for a tab.
    let index: Int

    /// The screen's title.
    public var title: String { self.screen.title }
}

/// What the web layer needs to wrap a coordinator's rendering.
public struct WrapperCoordinatorInfo: Sendable, Hashable {
    /// Template that wraps the content (receives it as `content`).
    public var template: String
    /// Extra data for that template.
    public var viewModel: ViewModel
}
