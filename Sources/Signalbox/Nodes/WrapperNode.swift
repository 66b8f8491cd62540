/// The node of a ``WrapperCoordinator``: one wrapped child, and the template that frames it.
final class WrapperNode: CoordinatorNode {
    let wrapped: any Coordinatable
    let wrappedNode: CoordinatorNode
    let info: WrapperCoordinatorInfo?

    init(wrapping child: any Coordinatable, info: WrapperCoordinatorInfo?) {
        self.wrapped = child
        self.wrappedNode = child.node
        self.info = info
    }

    override func didBind(_ owner: any Coordinatable) {
        self.wrappedNode.bind(to: self.wrapped)
        self.wrappedNode.parent = self
    }

    override var activeChild: CoordinatorNode? { self.wrappedNode }

    override func walk(_ walker: inout BranchWalker, entered: Arrival) -> Bool {
        walker.top = self
        guard let info = self.info else { return self.wrappedNode.walkCustomized(&walker, entered: entered) }
        walker.wrappers.append(info)
        defer { walker.wrappers.removeLast() }
        return self.wrappedNode.walkCustomized(&walker, entered: entered)
    }

    override func plan(_ parser: inout PathParser) async throws {
        try await self.wrappedNode.plan(&parser)
    }

    override func tearDownContent(_ hooks: inout HookQueue) {
        self.wrappedNode.tearDown(&hooks)
    }

    override func popToRootDeep(_ hooks: inout HookQueue) {
        self.wrappedNode.popToRootDeep(&hooks)
    }

    override func dismiss(child: CoordinatorNode, _ hooks: inout HookQueue) throws(NavigationError) {
        try self.dismissFromParent(&hooks)
    }

    override func snapshot() throws(NavigationError) -> CoordinatorSnapshot {
        .wrapper(type: self.table.typeName, child: try self.wrappedNode.snapshot())
    }

    override func planRestore(_ snapshot: CoordinatorSnapshot, _ plan: inout RestorePlan) throws(NavigationError) {
        guard case .wrapper(_, let child) = snapshot else {
            throw .snapshotMismatch(reason: "\(self.displayName) is not shaped like the snapshot")
        }
        try plan.restore(self.wrappedNode, from: child)
    }

    /// A wrapper stands in its child's place: its parent decides.
    override func canDismiss(_ child: CoordinatorNode) -> Bool {
        self.parent?.canDismiss(self) ?? false
    }

    // MARK: The route map: a wrapper and its child share the path; the child has the routes.

    override func map(into mapper: inout RouteMapper, prefix: [RouteMap.Segment]) {
        if let wrapped = self.wrappedNode.owner { mapper.enqueue(wrapped, prefix: prefix) }
    }

    override var defaultPath: (segments: [RouteMap.Segment], endsInStack: Bool) {
        self.wrappedNode.defaultPath
    }
}
