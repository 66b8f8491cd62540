/// The child screen the user just came back from: the page shows its parent and can lead the
/// user's eye (and focus) back to the link that opened it.
///
/// A page shown right after its screen's child was popped — a breadcrumb, a tab link, a pop,
/// closing a modal, Back that reaches the server — knows that child. Signalbox's web layer
/// focuses the element that leads to it (see ``Screen/returnFocusID(for:)``).
public struct ReturnedChild: Sendable, Equatable {
    /// The route that showed the child, e.g. `"todo"`.
    public var route: String
    /// The child's input as its path segment (`"5"` for todo 5); `nil` without input.
    public var inputSegment: String?
    /// The path that showed the child, which a link to it names: the page's path, the route
    /// and the input, e.g. `/authenticated/todos/todo/5`.
    public var path: String

    public init(route: String, inputSegment: String?, path: String) {
        self.route = route
        self.inputSegment = inputSegment
        self.path = path
    }
}

extension StackNode {
    /// Records in the tree that `entry` (and whatever was above it) left this stack, `kept`
    /// items remaining: the child a page may have been returned to from.
    func noteDeparture(of entry: Entry, keeping kept: Int) {
        self.tree?.departure = NavigationTree.Departure(
            node: self,
            kept: kept,
            route: self.table.routes[entry.route].name,
            inputSegment: entry.inputSegment
        )
    }
}

extension NavigationTree {
    /// A stack entry that was popped, and what remained of its stack.
    struct Departure {
        weak var node: StackNode?
        /// The items the stack kept (the popped entry was item `kept`).
        var kept: Int
        var route: String
        var inputSegment: String?
    }

    /// The child the user just came back from, when `branch` (the active branch now) shows the
    /// screen it was popped off on top; forgets the pop either way, so only the next page shows
    /// it. `nil` when nothing was popped since the last page, or when the tree moved on since
    /// (something else was pushed, another tab was chosen).
    package func takeReturn(to branch: ActiveBranch) -> ReturnedChild? {
        guard let departure = self.departure else { return nil }
        self.departure = nil
        guard let node = departure.node, let top = branch.screens.last, top.node === node,
            node.items.count == departure.kept,
            top.position == (departure.kept == 0 ? .root : .item(departure.kept - 1))
        else { return nil }
        let base = branch.path == "/" ? "" : branch.path
        var path = base + "/" + departure.route
        if let segment = departure.inputSegment { path += "/" + segment }
        return ReturnedChild(route: departure.route, inputSegment: departure.inputSegment, path: path)
    }
}
