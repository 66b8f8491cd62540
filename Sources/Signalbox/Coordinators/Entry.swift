/// One entry of a navigation stack (or the root entry): which route built it, with which input,
/// and what it produced.
struct Entry {
    /// Index of the route in the owning coordinator's table.
    let route: Int
    /// `nil` for roots.
    let presentation: Presentation?
    let input: Any?
    /// The encoded path segment of a presented route's input; `nil` without input.
    let inputSegment: String?
    var content: Content
    var onDismiss: (() -> Void)?
    var finished = false

    init(
        route: Int, presentation: Presentation?, input: Any?, inputSegment: String?, content: Content,
        onDismiss: (() -> Void)? = nil
    ) {
        self.route = route
        self.presentation = presentation
        self.input = input
        self.inputSegment = inputSegment
        self.content = content
        self.onDismiss = onDismiss
    }
}

/// A tab of a tab coordinator; its content is built when the tab is first shown.
struct TabSlot {
    let route: Int
    var content: Content?
}
