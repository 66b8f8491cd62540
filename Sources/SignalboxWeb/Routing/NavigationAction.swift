/// The router API over HTTP: `POST /_nav/<action>`.
enum NavigationAction: String, CaseIterable {
    /// Push or present route `to` of the top coordinator, with `input` when it takes one.
    case route
    /// Pop the top-most stack entry (refused for non-dismissible modals).
    case pop
    /// Pop the top-most stack to its root.
    case popToRoot
    /// Select tab `to` in the nearest tab coordinator that has it.
    case tab
    /// Close the top-most modal or full-screen presentation.
    case dismiss

    init?(path: String) {
        guard path.hasPrefix("/_nav/") else { return nil }
        self.init(rawValue: String(path.dropFirst("/_nav/".count)))
    }
}
