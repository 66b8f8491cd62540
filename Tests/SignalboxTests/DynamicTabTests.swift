import Foundation
import Signalbox
import Testing

/// A tab coordinator with a declared tab and a tab per open project.
final class WorkspaceTabs: TabCoordinatable {
    let child = TabChild(startingItems: [\WorkspaceTabs.home])
    @Route(tab: "Home", icon: "house") var home = makeHome
    @Route(tab: "Project", icon: "folder", title: projectTitle, badge: projectBadge) var project = makeProject
    var opened: [Int] = []

    func makeHome() -> TestScreen { TestScreen("home") }
    func makeProject(id: Int) -> ProjectFlow {
        self.opened.append(id)
        return ProjectFlow(id: id)
    }
    func projectTitle(id: Int) async throws -> String { "Project \(id)" }
    func projectBadge(id: Int) async throws -> String? { id == 3 ? "!" : nil }
    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        attempt.input(for: \.project) == 13 ? .refuse("unlucky") : .allow
    }
}

final class ProjectFlow: NavigationCoordinatable {
    let stack = NavigationStack(initial: \ProjectFlow.overview)
    @Root var overview = makeOverview
    @Route(.push, onDismiss: didCloseTask) var task = makeTask
    let id: Int
    var closedTasks = 0

    init(id: Int) { self.id = id }
    func makeOverview() -> TestScreen { TestScreen("overview", input: String(self.id)) }
    func makeTask(number: Int) -> TestScreen { TestScreen("task", input: String(number)) }
    func didCloseTask() { self.closedTasks += 1 }
}

@Suite struct DynamicTabTests {
    private func tree() -> (NavigationTree, WorkspaceTabs) {
        let tabs = WorkspaceTabs()
        return (NavigationTree(root: tabs), tabs)
    }

    @Test func anOpenedTabFollowsTheDeclaredOnesWithAStableURLAndItsOwnTitle() async throws {
        let (tree, tabs) = self.tree()
        #expect(tabs.tabNames == ["home"])
        let flow = try await tabs.openTab(\.project, 3)
        #expect(flow.id == 3)
        try await tabs.openTab(\.project, 7, select: false)
        #expect(tabs.tabNames == ["home", "project/3", "project/7"])
        #expect(tree.path == "/project/3")
        #expect(tabs.isActive(\.project, 3) && !tabs.isActive(\.project, 7))

        let bar = try #require(try await tree.activeBranch.tabBarsWithBadges().first)
        #expect(bar.tabs.map(\.title) == ["Home", "Project 3", "Project 7"])
        #expect(bar.tabs.map(\.badge) == [nil, "!", nil])
        #expect(bar.tabs.map(\.path) == ["/home", "/project/3", "/project/7"])
        // The declared title is what the walk knows before titles load.
        #expect(tree.tabBars.first?.tabs[1].title == "Project")
    }

    @Test func openingAnOpenTabAgainSelectsItWithoutASecond() async throws {
        let (tree, tabs) = self.tree()
        let first = try await tabs.openTab(\.project, 3)
        try await tabs.focusFirst(\.home)
        let again = try await tabs.openTab(\.project, 3)
        #expect(first === again)
        #expect(tabs.opened == [3])
        #expect(tabs.tabNames == ["home", "project/3"])
        #expect(tree.path == "/project/3")
    }

    @Test func pathsReachIntoOpenTabsAndAClosedOneIsAClearError() async throws {
        let (tree, tabs) = self.tree()
        try await tabs.openTab(\.project, 3, select: false)
        #expect(try await tree.apply(path: "/project/3/task/1") == .applied(path: "/project/3/task/1"))
        #expect(try await tree.titles() == ["overview 3", "task 1"])
        await #expect(throws: NavigationError.unknownTab(name: "project/9")) {
            try await tree.apply(path: "/project/9")
        }
        #expect(NavigationError.unknownTab(name: "project/9").description == "No tab named \"project/9\" is open")
        #expect(tree.path == "/project/3/task/1")
        #expect(tabs.opened == [3])
    }

    @Test func closingATabTearsItsFlowDownAndShowsTheTabBefore() async throws {
        let (tree, tabs) = self.tree()
        try await tabs.openTab(\.project, 3)
        let flow = try await tabs.openTab(\.project, 7)
        try await flow.route(to: \.task, 1)
        try await tabs.closeTab(\.project, 7)
        #expect(flow.isDismissed)
        #expect(flow.closedTasks == 1)
        #expect(tabs.tabNames == ["home", "project/3"])
        #expect(tree.path == "/project/3")
        #expect(!tabs.hasTab(\.project, 7))

        // Closing an inactive tab keeps the active one.
        try await tabs.openTab(\.project, 8, select: false)
        try await tabs.closeTab(\.project, 3)
        #expect(tree.path == "/home")
        #expect(tabs.tabNames == ["home", "project/8"])
        try await tabs.focusFirst(\.project, 8)
        try await tabs.closeTab(\.project, 8)
        #expect(tree.path == "/home")

        await #expect(throws: NavigationError.unknownTab(name: "project/8")) {
            _ = try await tabs.closeTab(\.project, 8)
        }
    }

    @Test func theGuardIsAskedBeforeATabOpens() async throws {
        let (_, tabs) = self.tree()
        await #expect(throws: NavigationError.refused(route: "project", reason: "unlucky")) {
            _ = try await tabs.openTab(\.project, 13)
        }
        #expect(tabs.tabNames == ["home"])
        #expect(tabs.opened.isEmpty)
    }

    @Test func snapshotsKeepOpenTabsInOrderWithTheirStacks() async throws {
        let (tree, tabs) = self.tree()
        try await tabs.openTab(\.project, 7)
        try await tabs.openTab(\.project, 3)
        try await tree.apply(path: "/project/3/task/2")
        try await tabs.focusFirst(\.project, 7)
        let snapshot = try tree.snapshot()

        let (restored, restoredTabs) = self.tree()
        try await restored.restore(snapshot)
        #expect(restoredTabs.tabNames == ["home", "project/7", "project/3"])
        #expect(restored.path == "/project/7")
        #expect(try restored.snapshot() == snapshot)
        try await restoredTabs.focusFirst(\.project, 3)
        #expect(restored.path == "/project/3/task/2")
    }

    @Test func aSnapshotNamingATabThatCannotBeOpenedIsRefused() async throws {
        let (tree, tabs) = self.tree()
        try await tabs.openTab(\.project, 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let text = try String(decoding: encoder.encode(tree.snapshot()), as: UTF8.self)
        #expect(text.contains("\"project/3\""))
        for broken in ["project/x", "home/3", "nothing/3"] {
            let snapshot = try JSONDecoder().decode(
                NavigationSnapshot.self,
                from: Data(text.replacingOccurrences(of: "project/3", with: broken).utf8)
            )
            let (fresh, freshTabs) = self.tree()
            await #expect(throws: NavigationError.self) { try await fresh.restore(snapshot) }
            #expect(freshTabs.tabNames == ["home"])
        }
    }

    @Test func selectingAnOpenTabByNameIsATap() async throws {
        let (tree, tabs) = self.tree()
        try await tabs.openTab(\.project, 3, select: false)
        try await tree.selectTab(named: "project/3")
        #expect(tree.path == "/project/3")
        await #expect(throws: NavigationError.unknownTab(name: "project/4")) {
            try await tree.selectTab(named: "project/4")
        }
    }

    @Test func declaredTabsCannotBeClosed() async throws {
        let (_, tabs) = self.tree()
        await #expect(throws: NavigationError.self) { _ = try await tabs.closeTab(\.home, ()) }
        #expect(tabs.tabNames == ["home"])
    }
}

/// A tab coordinator whose only tabs are opened at run time.
final class OpenedOnlyTabs: TabCoordinatable {
    let child = TabChild<OpenedOnlyTabs>(startingItems: [])
    @Route(tab: "Project") var project = makeProject
    func makeProject(id: Int) -> TestScreen { TestScreen("project", input: String(id)) }
}

@Suite struct OpenedOnlyTabTests {
    @Test func theLastTabCannotClose() async throws {
        let tabs = OpenedOnlyTabs()
        let tree = NavigationTree(root: tabs)
        try await tabs.openTab(\.project, 1)
        try await tabs.openTab(\.project, 2)
        try await tabs.closeTab(\.project, 2)
        #expect(tree.path == "/project/1")
        await #expect(
            throws: NavigationError.cannotDismiss(coordinator: "OpenedOnlyTabs", reason: "its last tab cannot close")
        ) {
            _ = try await tabs.closeTab(\.project, 1)
        }
        #expect(tabs.tabNames == ["project/1"])
    }
}
