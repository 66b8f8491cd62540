/// Wraps a child coordinator, like Stinsen's `ViewWrapperCoordinator`/`NavigationViewCoordinator`.
///
/// The wrapper adds nothing to paths; chains pass through it with ``child``. A host renders
/// the child's pages inside ``template`` (which receives the page as `content`), so a flow can
/// get its own frame, header or styling.
///
/// ```swift
/// @Route(tab: "Todos") var todos = makeTodos
/// func makeTodos() -> WrapperCoordinator<TodosCoordinator> {
///     WrapperCoordinator(TodosCoordinator(store: store), template: "wrappers/card")
/// }
/// try await tabs.focusFirst(\.todos).child.popToRoot().route(to: \.todo, 3)
/// ```
public final class WrapperCoordinator<Child: Coordinatable>: Coordinatable, WrapperNodeOwner {
    /// The wrapped coordinator.
    public let child: Child
    /// The template wrapping the child's rendering, or `nil` to render it unwrapped.
    public let template: String?
    /// Extra data for the wrapping template.
    public let viewModel: ViewModel
    let wrapperNode: CoordinatorNode

    public init(_ child: Child, template: String? = nil, viewModel: ViewModel = [:]) {
        self.child = child
        self.template = template
        self.viewModel = viewModel
        self.wrapperNode = WrapperNode(
            wrapping: child,
            info: template.map { WrapperCoordinatorInfo(template: $0, viewModel: viewModel) }
        )
    }
}

/// Coordinators whose node is a ``WrapperNode``.
protocol WrapperNodeOwner {
    var wrapperNode: CoordinatorNode { get }
}
