import Signalbox
import Testing

@Suite struct TabCoordinatableTests {
    private func tabs() throws -> (NavigationTree, MemberTabs) {
        let (tree, app) = makeTree()
        return (tree, try app.root(\.member, User(name: "ann")))
    }

    @Test func theFirstTabIsActiveAndNamedInThePath() throws {
        let (tree, tabs) = try self.tabs()
        #expect(tabs.activeTab == "home")
        #expect(tree.path == "/member/home")
        #expect(tree.branch.map(\.title) == ["home"])
    }

    @Test func focusFirstReturnsTheTabsChildSoChainsContinueThroughTheWrapper() throws {
        let (tree, tabs) = try self.tabs()
        try tabs.focusFirst(\.items).child.popToRoot().route(to: \.item, 3)
        #expect(tabs.activeTab == "items")
        #expect(tabs.isActive(\.items))
        #expect(tree.path == "/member/items/item/3")
    }

    @Test func eachTabKeepsItsOwnStackWhileAnotherIsActive() throws {
        let (tree, tabs) = try self.tabs()
        let items = try tabs.focusFirst(\.items).child
        try items.route(to: \.item, 1).route(to: \.item, 2)
        try tabs.focusFirst(\.lab).route(to: \.screen)
        #expect(tree.path == "/member/lab/screen")
        try tabs.focusFirst(\.items)
        #expect(tree.path == "/member/items/item/1/item/2")
        let bar = try #require(tree.tabBars.first)
        #expect(bar.tabs.map(\.path) == ["/member/home", "/member/items/item/1/item/2", "/member/lab/screen"])
        #expect(bar.tabs.map(\.isActive) == [false, true, false])
        #expect(bar.tabs.map(\.title) == ["Home", "Items", "Lab"])
        #expect(bar.tabs.first?.icon == "house")
    }

    @Test func reselectingAnOptedInTabPopsItToItsRoot() throws {
        let (tree, tabs) = try self.tabs()
        let lab = try tabs.focusFirst(\.lab)
        try lab.route(to: \.screen).route(to: \.sheet)
        try tree.selectTab(named: "lab")
        #expect(tree.path == "/member/lab")
    }

    @Test func reselectingATabWithoutOptInKeepsItsStack() throws {
        let (tree, tabs) = try self.tabs()
        try tabs.focusFirst(\.items).child.route(to: \.item, 5)
        try tree.selectTab(named: "items")
        #expect(tree.path == "/member/items/item/5")
    }

    @Test func selectingAnUnknownTabIsATypedError() throws {
        let (tree, _) = try self.tabs()
        #expect(throws: NavigationError.unknownTab(name: "nope")) { try tree.selectTab(named: "nope") }
    }

    @Test func wrapperRenderingIsVisibleOnTheBranch() throws {
        let (tree, tabs) = try self.tabs()
        try tabs.focusFirst(\.items)
        let entry = try #require(tree.branch.last)
        #expect(entry.wrappers.map(\.template) == ["wrappers/card"])
    }

    @Test func aTabsChildCannotDismissItself() throws {
        let (_, tabs) = try self.tabs()
        let wrapper = try tabs.focusFirst(\.items)
        #expect(throws: NavigationError.self) { try wrapper.child.dismissCoordinator() }
    }
}
