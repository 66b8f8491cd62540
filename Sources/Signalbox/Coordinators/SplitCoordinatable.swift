/// A navigation coordinator shown as two panes (a split view, which Stinsen leaves to the app):
/// its root screen is the *master*, a list, and the screen on top of its stack the *detail*.
///
/// It is a ``NavigationCoordinatable`` in every other way: one stack, one URL for both panes
/// (`/projects/project/3` shows the list and project 3), Back and refresh as for any stack. Only
/// the page differs: the web layer renders the master beside the detail on wide screens, and on
/// narrow ones the detail alone (with breadcrumbs back to the master), or the master when nothing
/// is pushed.
///
/// ```swift
/// final class ProjectsCoordinator: SplitCoordinatable {
///     let stack = NavigationStack(initial: \ProjectsCoordinator.list)
///     @Root var list = makeList                 // the master
///     @Route(.push) var project = makeProject   // details
///     var detailPlaceholder: String { "Choose a project to see it here." }
/// }
/// ```
///
/// The root must be a screen; a modal still opens above both panes and a full-screen
/// presentation replaces them.
public protocol SplitCoordinatable: NavigationCoordinatable {
    /// What the detail pane says while nothing is pushed (wide screens only).
    var detailPlaceholder: String { get }
}

extension SplitCoordinatable {
    public var detailPlaceholder: String { "Select an item to see it here." }
}
