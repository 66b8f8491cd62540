import Signalbox
import Testing

/// Presents a tab coordinator modally.
final class ModalTabsHost: NavigationCoordinatable {
    let stack = NavigationStack(initial: \ModalTabsHost.start)
    @Root var start = makeStart
    @Route(.modal) var member = makeMember
    func makeStart() -> TestScreen { TestScreen("start") }
    func makeMember() -> MemberTabs { MemberTabs(user: User(name: "m")) }
}

@Suite struct RouterParityTests {
    /// One script of stack operations, run through anything that offers them.
    private func script<Operations: StackOperations>(_ operations: Operations) async throws -> [String]
    where Operations.Coordinator == ItemsCoordinator {
        var paths: [String] = []
        let coordinator = try operations.stackCoordinator()
        func note() { paths.append(coordinator.tree?.path ?? "?") }
        try await operations.route(to: \.item, 1).route(to: \.item, 2)
        note()
        try await operations.route(to: \.note, "a b", onDismiss: nil)
        note()
        try await operations.focusFirst(\.item, 2)
        note()
        try await operations.popTo(\.item)
        note()
        let wizard = try await operations.route(to: \.wizard)
        try await wizard.route(to: \.step2)
        note()
        _ = try await operations.focusFirst(\.wizard)
        note()
        try await operations.popTo(.item(0))
        note()
        try await operations.popLast()
        note()
        try await operations.route(to: \.create)
        note()
        paths.append(operations.topScreen?.template ?? "-")
        try await operations.popToRoot()
        note()
        return paths
    }

    private func items() async throws -> (NavigationTree, ItemsCoordinator) {
        let (tree, app) = makeTree()
        return (tree, try await app.root(\.member, User(name: "a")).focusFirst(\.items).child)
    }

    @Test func aRouterDoesWhatItsCoordinatorDoesWithItsStack() async throws {
        let (first, coordinator) = try await self.items()
        let throughCoordinator = try await self.script(coordinator)
        // The router holds its coordinator weakly: the tree keeps it alive.
        let (second, routed) = try await self.items()
        let throughRouter = try await self.script(routed.router)
        withExtendedLifetime((first, second)) {}
        #expect(throughRouter == throughCoordinator)
        #expect(throughCoordinator.first == "/member/items/item/1/item/2")
        #expect(throughCoordinator.last == "/member/items")
    }

    @Test func aModallyPresentedTabCoordinatorReportsItsPresentingRoute() async throws {
        let tree = NavigationTree(root: ModalTabsHost())
        try await tree.apply(path: "/member/items")
        let top = try #require(tree.branch.last)
        #expect(top.route == "member")
        #expect(top.presentation == .modal)
        #expect(tree.presentation?.route == "member")
    }

    @Test func lookingUpACoordinatorThatIsNotThereIsAnError() async throws {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "a"))
        let context = try tree.contextForTopScreen()
        #expect(throws: NavigationError.coordinatorNotFound(type: "GuestCoordinator")) {
            try context.router(GuestCoordinator.self)
        }
        #expect(context.routers.retrieve(GuestCoordinator.self) == nil)
        #expect(try context.router(AppCoordinator.self).coordinator === app)
    }
}
