/// Wraps a child coordinator, like Stinsen's `ViewWrapperCoordinator`/`NavigationViewCoordinator`.
///
/// The wrapper adds nothing to paths; chains pass through it with ``WrapperCoordinatable/child``.
/// A host renders the child's pages inside the template (which receives the page as `content`),
/// so a flow can get its own frame, header or styling. To add behaviour — handle the child's
/// steps, deep links — declare a wrapper of your own with ``WrapperCoordinatable``.
///
/// ```swift
/// @Route(tab: "Todos") var todos = makeTodos
/// func makeTodos() -> WrapperCoordinator<TodosCoordinator> {
///     WrapperCoordinator(TodosCoordinator(store: store), template: "wrappers/card")
/// }
/// try await tabs.focusFirst(\.todos).child.popToRoot().route(to: \.todo, 3)
/// ```
public final class WrapperCoordinator<Child: Coordinatable>: WrapperCoordinatable {
    public let wrapped: WrappedChild<Child>

    public init(_ child: Child, template: String? = nil, viewModel: ViewModel = [:]) {
        self.wrapped = WrappedChild(child, template: template, viewModel: viewModel)
    }
}
