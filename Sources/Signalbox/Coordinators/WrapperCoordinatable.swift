/// A coordinator that wraps one child coordinator — a frame around its pages — and may add
/// behaviour of its own (``Coordinatable/handle(_:)`` for steps its child sends up,
/// ``Deeplinkable``, ``Coordinatable/guardNavigation(_:)``), which the ready-made
/// ``WrapperCoordinator`` cannot (Stinsen's `ViewWrapperCoordinator` is an open class).
///
/// ```swift
/// final class TrackedTodos: WrapperCoordinatable {
///     let wrapped = WrappedChild(TodosCoordinator(store: store), template: "wrappers/card")
///     func handle(_ step: any Step) async throws -> Bool {
///         guard let step = step as? TodoStep else { return false }
///         await analytics.record(step)
///         return false  // let it travel on to the parents
///     }
/// }
/// ```
public protocol WrapperCoordinatable: Coordinatable {
    /// The wrapped coordinator's type.
    associatedtype Child: Coordinatable
    /// The wrapped coordinator and the template around it; declare it once, with `let`.
    var wrapped: WrappedChild<Child> { get }
}

extension WrapperCoordinatable {
    /// The wrapped coordinator.
    public var child: Child { self.wrapped.child }
    /// The template wrapping the child's rendering, or `nil` to render it unwrapped.
    public var template: String? { self.wrapped.template }
    /// Extra data for the wrapping template.
    public var viewModel: ViewModel { self.wrapped.viewModel }
}

/// The child of a ``WrapperCoordinatable`` and the template (with its data) that frames its pages.
public final class WrappedChild<Child: Coordinatable> {
    /// The wrapped coordinator.
    public let child: Child
    /// The template wrapping the child's rendering, or `nil` to render it unwrapped.
    public let template: String?
    /// Extra data for the wrapping template.
    public let viewModel: ViewModel
    let node: WrapperNode

    public init(_ child: Child, template: String? = nil, viewModel: ViewModel = [:]) {
        self.child = child
        self.template = template
        self.viewModel = viewModel
        self.node = WrapperNode(
            wrapping: child,
            info: template.map { WrapperCoordinatorInfo(template: $0, viewModel: viewModel) }
        )
    }
}
