import Foundation
import Signalbox
import Testing

@Suite struct SnapshotTests {
    private func busyTree() async throws -> NavigationTree {
        let (tree, app) = makeTree()
        let tabs = try await app.root(\.member, User(name: "ann ü"))
        try await tabs.focusFirst(\.items).child.route(to: \.item, 3).route(to: \.note, "a/b c").route(to: \.wizard)
            .route(to: \.step2)
        try await tabs.focusFirst(\.lab).route(to: \.nested).route(to: \.nestedModal).route(to: \.sheet)
        return tree
    }

    @Test func restoringASnapshotRebuildsAnEqualTree() async throws {
        let tree = try await self.busyTree()
        let snapshot = try tree.snapshot()
        let (copy, _) = makeTree()
        try await copy.restore(snapshot)
        #expect(try copy.snapshot() == snapshot)
        #expect(copy.path == tree.path)
        #expect(copy.tabBars == tree.tabBars)
        #expect(copy.root(as: AppCoordinator.self)?.rootInput(\.member) == User(name: "ann ü"))
    }

    @Test func snapshotsSurviveJSON() async throws {
        let snapshot = try await self.busyTree().snapshot()
        let data = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(NavigationSnapshot.self, from: data) == snapshot)
    }

    @Test func snapshotsRecordTypesRoutesInputsAndPresentations() async throws {
        let (tree, app) = makeTree()
        try await app.node(GuestCoordinator.self).route(to: \.terms)
        let snapshot = try tree.snapshot()
        guard case .navigation(let type, let root, let stack) = snapshot.root else {
            Issue.record("expected a navigation snapshot")
            return
        }
        #expect(type.hasSuffix("AppCoordinator"))
        #expect(root.route == "guest")
        #expect(stack.isEmpty)
        guard case .navigation(_, _, let guestStack)? = root.child else {
            Issue.record("expected the guest coordinator")
            return
        }
        #expect(guestStack == [EntrySnapshot(route: "terms", presentation: .modalNonDismissible)])
    }

    @Test func aSnapshotOfAnotherAppIsRefusedAndChangesNothing() async throws {
        let other = NavigationTree(root: GuardedApp())
        let (tree, _) = makeTree()
        let before = try tree.snapshot()
        await #expect {
            try await tree.restore(other.snapshot())
        } throws: { error in
            guard case .snapshotMismatch = error as? NavigationError else { return false }
            return true
        }
        #expect(try tree.snapshot() == before)
    }

    @Test func aSnapshotWithAnUnknownRouteIsRefused() async throws {
        let (tree, _) = makeTree()
        var snapshot = try tree.snapshot()
        if case .navigation(let type, var root, let stack) = snapshot.root {
            root.route = "nope"
            snapshot.root = .navigation(type: type, root: root, stack: stack)
        }
        await #expect(throws: NavigationError.self) { _ = try await tree.restore(snapshot) }
        #expect(tree.path == "/guest")
    }
}

@Suite struct NoticeSnapshotTests {
    @Test func noticesTravelInTheSnapshotAndAreTakenOnce() async throws {
        let (tree, _) = makeTree()
        let before = tree.revision
        tree.notify(.success, "Saved.")
        tree.notify(.warning, "Almost full.")
        #expect(tree.revision != before)
        let (copy, _) = makeTree()
        try await copy.restore(try tree.snapshot())
        #expect(copy.takeNotices() == [Notice(.success, "Saved."), Notice(.warning, "Almost full.")])
        #expect(copy.takeNotices() == [])
        #expect(try copy.snapshot().notices == [])
    }

    @Test func onlyTheNewestNoticesWait() {
        let (tree, _) = makeTree()
        for index in 1...12 { tree.notify(.info, "n\(index)") }
        #expect(tree.notices.map(\.text) == (5...12).map { "n\($0)" })
    }
}
