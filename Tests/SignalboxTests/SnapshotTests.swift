import Foundation
import Signalbox
import Testing

@Suite struct SnapshotTests {
    private func busyTree() throws -> NavigationTree {
        let (tree, app) = makeTree()
        let tabs = try app.root(\.member, User(name: "ann ü"))
        try tabs.focusFirst(\.items).child.route(to: \.item, 3).route(to: \.note, "a/b c").route(to: \.wizard)
            .route(to: \.step2)
        try tabs.focusFirst(\.lab).route(to: \.nested).route(to: \.nestedModal).route(to: \.sheet)
        return tree
    }

    @Test func restoringASnapshotRebuildsAnEqualTree() throws {
        let tree = try self.busyTree()
        let snapshot = try tree.snapshot()
        let (copy, _) = makeTree()
        try copy.restore(snapshot)
        #expect(try copy.snapshot() == snapshot)
        #expect(copy.path == tree.path)
        #expect(copy.tabBars == tree.tabBars)
        #expect(copy.root(as: AppCoordinator.self)?.rootInput(\.member) == User(name: "ann ü"))
    }

    @Test func snapshotsSurviveJSON() throws {
        let snapshot = try self.busyTree().snapshot()
        let data = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(NavigationSnapshot.self, from: data) == snapshot)
    }

    @Test func snapshotsRecordTypesRoutesInputsAndPresentations() throws {
        let (tree, app) = makeTree()
        try app.node(GuestCoordinator.self).route(to: \.terms)
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

    @Test func aSnapshotOfAnotherAppIsRefusedAndChangesNothing() throws {
        let other = NavigationTree(root: GuardedApp())
        let (tree, _) = makeTree()
        let before = try tree.snapshot()
        #expect {
            try tree.restore(other.snapshot())
        } throws: { error in
            guard case .snapshotMismatch = error as? NavigationError else { return false }
            return true
        }
        #expect(try tree.snapshot() == before)
    }

    @Test func aSnapshotWithAnUnknownRouteIsRefused() throws {
        let (tree, _) = makeTree()
        var snapshot = try tree.snapshot()
        if case .navigation(let type, var root, let stack) = snapshot.root {
            root.route = "nope"
            snapshot.root = .navigation(type: type, root: root, stack: stack)
        }
        #expect(throws: NavigationError.self) { try tree.restore(snapshot) }
        #expect(tree.path == "/guest")
    }
}
