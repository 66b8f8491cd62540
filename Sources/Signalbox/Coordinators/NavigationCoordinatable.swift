/// A coordinator with a stack: one active root and entries pushed or presented on top
/// (Stinsen's `NavigationCoordinatable`).
///
/// ```swift
/// final class TodosCoordinator: NavigationCoordinatable {
///     let stack = NavigationStack(initial: \TodosCoordinator.start)
///     @Root var start = makeStart
///     @Route(.push) var todo = makeTodo
///     @Route(.modal) var createTodo = makeCreateTodo
///     func makeStart() -> TodoListScreen { ... }
///     func makeTodo(id: Int) -> TodoScreen { ... }
///     func makeCreateTodo() -> CreateTodoScreen { ... }
/// }
/// ```
///
/// The stack operations (``StackOperations``) are `async` — they ask guards and run result
/// handlers — and throw ``NavigationError`` values instead of trapping, so chains read
/// `try await coordinator.popToRoot().route(to: \.todo, 3)`.
public protocol NavigationCoordinatable: Coordinatable, StackOperations where Coordinator == Self {
    /// The coordinator's stack; declare it with its initial root.
    var stack: NavigationStack<Self> { get }
}

extension NavigationCoordinatable {
    /// This coordinator's router, for screens and view models.
    public typealias Router = NavigationRouter<Self>

    /// The coordinator itself, while it is in its tree.
    public func stackCoordinator() throws(NavigationError) -> Self {
        let node = self.stackNode
        try node.checkAlive()
        return self
    }

    /// A router for this coordinator, acting as if handed to the top screen.
    public var router: NavigationRouter<Self> {
        NavigationRouter(self, position: .top(of: self.stackNode.items.count))
    }

    /// The stack's node, bound to this coordinator.
    var stackNode: StackNode {
        let node = self.stack.node
        node.bind(to: self)
        return node
    }
}
