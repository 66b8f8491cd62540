extension CoordinatorNode {
    /// The node a coordinator keeps, by the protocol it adopts: the one place where the
    /// coordinator kinds are told apart (a new kind adds its case here and a node subclass).
    static func of(_ coordinator: some Coordinatable) -> CoordinatorNode {
        if let navigation = coordinator as? any NavigationCoordinatable {
            return stackNode(of: navigation)
        } else if let tabs = coordinator as? any TabCoordinatable {
            return tabsNode(of: tabs)
        } else if let wrapper = coordinator as? any WrapperCoordinatable {
            return wrappedNode(of: wrapper)
        } else if let wrapper = coordinator as? any WrapperNodeOwner {
            return wrapper.wrapperNode
        }
        // Neither a stack, tabs nor a wrapper: a node holding nothing, so every operation on it is
        // a clear error rather than a trap.
        return CoordinatorNode()
    }
}

private func stackNode<C: NavigationCoordinatable>(of coordinator: C) -> CoordinatorNode { coordinator.stack.node }
private func tabsNode<C: TabCoordinatable>(of coordinator: C) -> CoordinatorNode { coordinator.child.node }
private func wrappedNode<C: WrapperCoordinatable>(of coordinator: C) -> CoordinatorNode { coordinator.wrapped.node }
