import Signalbox
import Testing

/// The child a page's top screen was just returned from (`NavigationTree.takeReturn(to:)`),
/// whatever popped it.
@Suite struct ReturnToOriginTests {
    private func items() async throws -> (NavigationTree, ItemsCoordinator) {
        let (tree, app) = makeTree()
        let tabs = try await app.root(\.member, User(name: "ann"))
        return (tree, try await tabs.focusFirst(\.items).child)
    }

    /// Applies `path` as a page GET does and takes what the page returned to.
    private func page(_ path: String, on tree: NavigationTree) async throws -> ReturnedChild? {
        let (_, branch) = try await tree.applyForPage(path: path)
        return tree.takeReturn(to: try #require(branch))
    }

    @Test(arguments: [
        // from, to, the child returned from
        ("/member/items/item/3", "/member/items", "/member/items/item/3"),
        ("/member/items/item/3/pick", "/member/items", "/member/items/item/3"),
        ("/member/items/item/3/pick", "/member/items/item/3", "/member/items/item/3/pick"),
        ("/member/items/wizard/step2", "/member/items", "/member/items/wizard"),
        ("/member/items/n/a%2Fb", "/member/items", "/member/items/n/a%2Fb"),
        ("/member/items/create", "/member/items", "/member/items/create"),
    ])
    func aPageShownByGoingUpKnowsTheChildItLeft(_ from: String, _ to: String, _ child: String) async throws {
        let (tree, _) = try await self.items()
        _ = try await self.page(from, on: tree)
        let returned = try #require(try await self.page(to, on: tree))
        #expect(returned.path == child)
        #expect(to + "/" + returned.route + (returned.inputSegment.map { "/" + $0 } ?? "") == child)
    }

    @Test func theRouteAndInputOfTheChildAreGiven() async throws {
        let (tree, _) = try await self.items()
        _ = try await self.page("/member/items/item/42", on: tree)
        let returned = try await self.page("/member/items", on: tree)
        #expect(returned == ReturnedChild(route: "item", inputSegment: "42", path: "/member/items/item/42"))
    }

    @Test func aPopByARouterOrAFinishedFlowCountsToo() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 7)
        try await items.popLast()
        #expect(tree.takeReturn(to: tree.activeBranch)?.path == "/member/items/item/7")

        try await items.route(to: \.item, 3).route(to: \.pick)
        #expect(try await tree.submit(["action": "finish", "value": "Garden"]) == .accepted)
        #expect(tree.takeReturn(to: tree.activeBranch)?.path == "/member/items/item/3/pick")

        try await items.route(to: \.create)
        try await tree.dismissTopPresentation()
        #expect(tree.takeReturn(to: tree.activeBranch)?.path == "/member/items/item/3/create")
    }

    @Test func onlyTheNextPageIsTold() async throws {
        let (tree, _) = try await self.items()
        _ = try await self.page("/member/items/item/3", on: tree)
        #expect(try await self.page("/member/items", on: tree) != nil)
        #expect(try await self.page("/member/items", on: tree) == nil)
    }

    @Test(arguments: [
        "/member/items/item/4",  // popped item 3, pushed item 4
        "/member/home",  // another tab: item 3 stays in its stack
        "/member/items/item/3",  // nothing popped
    ])
    func goingAnywhereElseReturnsNowhere(_ to: String) async throws {
        let (tree, _) = try await self.items()
        _ = try await self.page("/member/items/item/3", on: tree)
        _ = tree.takeReturn(to: tree.activeBranch)
        #expect(try await self.page(to, on: tree) == nil)
    }

    @Test func aPopFollowedByAPushBeforeThePageReturnsNowhere() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 3)
        try await items.popLast()
        try await items.route(to: \.create)
        #expect(tree.takeReturn(to: tree.activeBranch) == nil)
    }

    @Test func theReturnIsNotPartOfTheSnapshot() async throws {
        let (tree, _) = try await self.items()
        _ = try await self.page("/member/items/item/3", on: tree)
        try await tree.apply(path: "/member/items")
        let (restored, _) = makeTree()
        try await restored.restore(try tree.snapshot())
        #expect(restored.takeReturn(to: restored.activeBranch) == nil)
        #expect(tree.takeReturn(to: tree.activeBranch) != nil)
    }
}
