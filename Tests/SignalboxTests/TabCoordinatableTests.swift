import Signalbox
import Testing

@Suite struct TabCoordinatableTests {
    private func tabs() async throws -> (NavigationTree, MemberTabs) {
        let (tree, app) = makeTree()
        return (tree, try await app.root(\.member, User(name: "ann")))
    }

    @Test func theFirstTabIsActiveAndNamedInThePath() async throws {
        let (tree, tabs) = try await self.tabs()
        #expect(tabs.activeTab == "home")
        #expect(tree.path == "/member/home")
        #expect(try await tree.titles() == ["home"])
    }

    @Test func focusFirstReturnsTheTabsChildSoChainsContinueThroughTheWrapper() async throws {
        let (tree, tabs) = try await self.tabs()
        try await tabs.focusFirst(\.items).child.popToRoot().route(to: \.item, 3)
        #expect(tabs.activeTab == "items")
        #expect(tabs.isActive(\.items))
        #expect(tree.path == "/member/items/item/3")
    }

    @Test func eachTabKeepsItsOwnStackWhileAnotherIsActive() async throws {
        let (tree, tabs) = try await self.tabs()
        let items = try await tabs.focusFirst(\.items).child
        try await items.route(to: \.item, 1).route(to: \.item, 2)
        try await tabs.focusFirst(\.lab).route(to: \.screen)
        #expect(tree.path == "/member/lab/screen")
        try await tabs.focusFirst(\.items)
        #expect(tree.path == "/member/items/item/1/item/2")
        let bar = try #require(tree.tabBars.first)
        #expect(bar.tabs.map(\.path) == ["/member/home", "/member/items/item/1/item/2", "/member/lab/screen"])
        #expect(bar.tabs.map(\.isActive) == [false, true, false])
        #expect(bar.tabs.map(\.title) == ["Home", "Items", "Lab"])
        #expect(bar.tabs.first?.icon == "house")
    }

    @Test func reselectingAnOptedInTabPopsItToItsRoot() async throws {
        let (tree, tabs) = try await self.tabs()
        let lab = try await tabs.focusFirst(\.lab)
        try await lab.route(to: \.screen).route(to: \.sheet)
        try await tree.selectTab(named: "lab")
        #expect(tree.path == "/member/lab")
    }

    @Test func reselectingATabWithoutOptInKeepsItsStack() async throws {
        let (tree, tabs) = try await self.tabs()
        try await tabs.focusFirst(\.items).child.route(to: \.item, 5)
        try await tree.selectTab(named: "items")
        #expect(tree.path == "/member/items/item/5")
    }

    @Test func selectingAnUnknownTabIsATypedError() async throws {
        let (tree, _) = try await self.tabs()
        await #expect(throws: NavigationError.unknownTab(name: "nope")) { _ = try await tree.selectTab(named: "nope") }
    }

    @Test func wrapperRenderingIsVisibleOnTheBranch() async throws {
        let (tree, tabs) = try await self.tabs()
        try await tabs.focusFirst(\.items)
        let entry = try #require(tree.branch.last)
        #expect(entry.wrappers.map(\.template) == ["wrappers/card"])
    }

    @Test func aTabsChildCannotDismissItself() async throws {
        let (_, tabs) = try await self.tabs()
        let wrapper = try await tabs.focusFirst(\.items)
        await #expect(throws: NavigationError.self) { _ = try await wrapper.child.dismissCoordinator() }
    }
}
