/// A handle on a tab coordinator given to screens (Stinsen's `TabRouter`), with every tab
/// operation of its coordinator (``TabOperations``).
///
/// The router holds its coordinator weakly; each operation throws
/// ``NavigationError/coordinatorDismissed(coordinator:)`` once the coordinator is gone.
///
/// ```swift
/// func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
///     try await context.router(AuthenticatedCoordinator.self).focusFirst(\.todos).route(to: \.todo, 3)
///     return .accepted
/// }
/// ```
public struct TabRouter<Coordinator: TabCoordinatable>: TabOperations {
    private weak var storage: Coordinator?

    /// A router acting for `coordinator`.
    public init(_ coordinator: Coordinator) {
        self.storage = coordinator
    }

    /// The coordinator, while it is alive.
    public var coordinator: Coordinator? { self.storage }

    public func tabCoordinator() throws(NavigationError) -> Coordinator {
        guard let coordinator = self.storage, !coordinator.tabsNode.isDismissed else {
            throw .coordinatorDismissed(coordinator: String(describing: Coordinator.self))
        }
        return coordinator
    }
}
