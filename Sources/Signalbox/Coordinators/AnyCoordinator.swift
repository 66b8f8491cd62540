/// A coordinator of any type, for a route whose factory picks the coordinator at run time
/// (Stinsen's `AnyCoordinator`).
///
/// ```swift
/// @Route(.push) var detail = makeDetail
/// func makeDetail(id: Int) -> AnyCoordinator {
///     id < 1000 ? AnyCoordinator(LegacyDetailCoordinator(id: id)) : AnyCoordinator(DetailCoordinator(id: id))
/// }
/// let detail = try await coordinator.route(to: \.detail, 7)
/// try await (detail.base as? DetailCoordinator)?.route(to: \.edit)
/// ```
///
/// It adds nothing to paths or pages. The factory must choose by its input alone: a tree rebuilt
/// from a path or a snapshot calls it again and expects the same coordinator type (a different
/// one is a ``NavigationError/snapshotMismatch(reason:)``).
public final class AnyCoordinator: WrapperNodeOwner {
    /// The wrapped coordinator.
    public let base: any Coordinatable
    let wrapperNode: WrapperNode

    public init(_ base: any Coordinatable) {
        self.base = base
        self.wrapperNode = WrapperNode(wrapping: base, info: nil)
    }
}

/// Coordinators whose node is a ``WrapperNode`` they hold themselves.
protocol WrapperNodeOwner: Coordinatable {
    var wrapperNode: WrapperNode { get }
}
