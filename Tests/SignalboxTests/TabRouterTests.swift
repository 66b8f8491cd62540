import Signalbox
import Testing

/// Stinsen's `TabRouter`: a tab coordinator's operations through a router that screens find by
/// type, and the active tab set by position.
@Suite struct TabRouterTests {
    private func tabs() async throws -> (NavigationTree, MemberTabs) {
        let (tree, app) = makeTree()
        return (tree, try await app.root(\.member, User(name: "ann")))
    }

    /// One script of tab operations, run through anything that offers them.
    private func script<Operations: TabOperations>(_ operations: Operations) async throws -> [String]
    where Operations.Coordinator == MemberTabs {
        var seen: [String] = []
        let tree = try operations.tabCoordinator().tree
        func note() {
            seen.append("\(operations.activeTab ?? "-") \(operations.activeTabIndex ?? -1) \(tree?.path ?? "?")")
        }
        try await operations.focusFirst(\.items).child.route(to: \.item, 4)
        note()
        try await operations.select(tabAt: 2)
        note()
        try await operations.focusFirst(\.home)
        note()
        seen.append("\(operations.isActive(\.home)) \(operations.isActive(\.lab)) \(operations.tabNames)")
        return seen
    }

    @Test func aTabRouterDoesWhatItsCoordinatorDoes() async throws {
        let (first, coordinator) = try await self.tabs()
        let throughCoordinator = try await self.script(coordinator)
        let (second, routed) = try await self.tabs()
        let throughRouter = try await self.script(routed.router)
        withExtendedLifetime((first, second)) {}
        #expect(throughRouter == throughCoordinator)
        #expect(
            throughCoordinator == [
                "items 1 /member/items/item/4", "lab 2 /member/lab", "home 0 /member/home",
                #"true false ["home", "items", "lab"]"#,
            ]
        )
    }

    @Test func selectingByPositionAsksTheGuardAndRefusesAPositionOutsideTheTabs() async throws {
        let (tree, tabs) = try await self.tabs()
        try await tabs.select(tabAt: 1)
        #expect(tree.path == "/member/items")
        await #expect(throws: NavigationError.unknownTab(name: "#3")) {
            _ = try await tabs.select(tabAt: 3)
        }
        #expect(tree.path == "/member/items")
    }

    @Test func aScreenFindsTheTabRouterByTypeAndItStopsWorkingOnceTheTabsAreGone() async throws {
        let (tree, tabs) = try await self.tabs()
        try await tabs.focusFirst(\.items).child.route(to: \.item, 2)
        let context = try tree.contextForTopScreen()
        let router = try context.router(MemberTabs.self)
        #expect(router.coordinator === tabs)
        #expect(tree.routers.retrieve(MemberTabs.self)?.coordinator === tabs)
        try await router.select(tabAt: 2)
        #expect(tree.path == "/member/lab")
        // Logging out replaces the root: the router answers a typed error, never a stale tree.
        try await tree.root(as: AppCoordinator.self)!.root(\.guest)
        await #expect(throws: NavigationError.coordinatorDismissed(coordinator: "MemberTabs")) {
            _ = try await router.select(tabAt: 0)
        }
        #expect(router.activeTab == nil)
        #expect(tree.routers.retrieve(MemberTabs.self) == nil)
        await #expect(throws: NavigationError.coordinatorNotFound(type: "MemberTabs")) {
            _ = try await tree.contextForTopScreen().router(MemberTabs.self).select(tabAt: 0)
        }
    }
}
