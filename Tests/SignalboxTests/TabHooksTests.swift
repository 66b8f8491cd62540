import Signalbox
import Testing

/// Tabs that run app code: `onTapped` (Stinsen's `onTapped(isRepeat:coordinator:)`) and a badge
/// loaded like a title.
final class InboxTabs: TabCoordinatable {
    let child = TabChild(startingItems: [\InboxTabs.inbox, \.archive])
    @Route(tab: "Inbox", badge: unread, onTapped: didTapInbox) var inbox = makeInbox
    @Route(tab: "Archive", onReselect: .popToRoot, onTapped: didTapArchive) var archive = makeArchive
    var unreadCount = 3
    var taps: [String] = []
    var failTaps = false

    func makeInbox() -> TestScreen { TestScreen("inbox") }
    func makeArchive() -> LabCoordinator { LabCoordinator() }

    func unread() async throws -> String? { self.unreadCount == 0 ? nil : String(self.unreadCount) }

    func didTapInbox(isRepeat: Bool, screen: TestScreen) async throws {
        self.taps.append("inbox repeat=\(isRepeat) \(screen.name)")
    }

    func didTapArchive(isRepeat: Bool, archive: LabCoordinator) async throws {
        self.taps.append("archive repeat=\(isRepeat) stack=\(archive.stack.count) at \(self.tree?.path ?? "?")")
        if self.failTaps { throw JournalFailure() }
    }
}

@Suite struct TabHooksTests {
    func make() -> (NavigationTree, InboxTabs) {
        let tabs = InboxTabs()
        return (NavigationTree(root: tabs), tabs)
    }

    @Test func aTapRunsTheTabsHandlerAfterTheSelectionAndAfterItsReselectBehaviour() async throws {
        let (tree, tabs) = self.make()
        try await tree.selectTab(named: "archive")
        let archive = try await tabs.focusFirst(\.archive)
        try await archive.route(to: \.screen)
        #expect(tree.path == "/archive/screen")
        try await tree.selectTab(named: "archive")  // tapped again: popped to its root first
        try await tabs.select(tabAt: 0)  // Stinsen's `activeTab = 0` is a tap too
        try await tabs.select(tabAt: 0)
        #expect(
            tabs.taps == [
                "archive repeat=false stack=0 at /archive", "archive repeat=true stack=0 at /archive",
                "inbox repeat=false inbox", "inbox repeat=true inbox",
            ]
        )
    }

    @Test func theAppNavigatingAndAGetOfAPathAreNotTaps() async throws {
        let (tree, tabs) = self.make()
        try await tabs.focusFirst(\.archive)
        try await tabs.focusFirst(\.inbox)
        try await tree.apply(path: "/archive/screen")
        try await tree.apply(path: "/inbox")
        #expect(tabs.taps.isEmpty)
    }

    @Test func aTapHandlerThatThrowsLeavesTheSelectionMadeAndRethrows() async throws {
        let (tree, tabs) = self.make()
        tabs.failTaps = true
        await #expect(throws: JournalFailure()) { try await tree.selectTab(named: "archive") }
        #expect(tree.path == "/archive")
        #expect(tabs.taps.count == 1)
    }

    @Test func badgesLoadWhenAskedForAndFollowTheApp() async throws {
        let (tree, tabs) = self.make()
        #expect(tree.activeBranch.tabBars.first?.tabs.map(\.badge) == [nil, nil])  // not loaded yet
        #expect(try await tree.activeBranch.tabBarsWithBadges().first?.tabs.map(\.badge) == ["3", nil])
        tabs.unreadCount = 0
        #expect(try await tree.activeBranch.tabBarsWithBadges().first?.tabs.map(\.badge) == [nil, nil])
    }
}
