/// Wraps a child coordinator, like Stinsen's `ViewWrapperCoordinator`/`NavigationViewCoordinator`.
///
/// The wrapper adds nothing to paths; chains pass through it with ``child``. The web layer renders
/// the child's pages inside ``template`` (which receives the page as `content`), so a flow can
/// get its own frame, header or styling.
///
/// ```swift
/// @Route(tab: "Todos") var todos = makeTodos
/// func makeTodos() -> WrapperCoordinator<TodosCoordinator> {
///     WrapperCoordinator(TodosCoordinator(store: store), template: "wrappers/card")
/// }
/// try tabs.focusFirst(\.todos).child.popToRoot().route(to: \.todo, 3)
/// ```
public final class WrapperCoordinator<Child: Coordinatable>: Coordinatable, WrapperRendering {
    /// The wrapped coordinator.
    public let child: Child
    /// The template wrapping the child's rendering, or `nil` to render it unwrapped.
    public let template: String?
    /// Extra data for the wrapping template.
    public let viewModel: ViewModel
    private let node = CoordinatorNode(kind: .wrapper)

    public init(_ child: Child, template: String? = nil, viewModel: ViewModel = [:]) {
        self.child = child
        self.template = template
        self.viewModel = viewModel
        self.node.wrapped = child
    }

    public var coordinatorNode: CoordinatorNode { self.node }

    var wrapperInfo: WrapperCoordinatorInfo? {
        self.template.map { WrapperCoordinatorInfo(template: $0, viewModel: self.viewModel) }
    }
}

/// Coordinators that wrap their child's rendering.
protocol WrapperRendering {
    var wrapperInfo: WrapperCoordinatorInfo? { get }
}
