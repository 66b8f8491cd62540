import Foundation
import Signalbox
import Testing

/// Drafts kept with the tree: one per screen path, the most recent ones, in the snapshot.
@Suite struct DraftTests {
    private func fields(_ pairs: (String, String)...) -> [Draft.Field] {
        pairs.map { Draft.Field(name: $0.0, value: $0.1) }
    }

    @Test func aSavedDraftIsFoundByItsPathAndReplacedByTheNext() {
        let (tree, _) = makeTree()
        tree.saveDraft(self.fields(("title", "Buy")), at: "/a/create")
        tree.saveDraft(self.fields(("title", "Buy oat milk"), ("tag", "x"), ("tag", "y")), at: "/a/create")
        #expect(
            tree.draft(at: "/a/create")?.fields == self.fields(("title", "Buy oat milk"), ("tag", "x"), ("tag", "y"))
        )
        #expect(tree.draft(at: "/a") == nil)
        #expect(tree.drafts.count == 1)
    }

    @Test func savingChangesTheRevisionOnlyWhenTheDraftChanges() {
        let (tree, _) = makeTree()
        let start = tree.revision
        tree.saveDraft(self.fields(("title", "Buy")), at: "/a/create")
        let saved = tree.revision
        #expect(saved != start)
        tree.saveDraft(self.fields(("title", "Buy")), at: "/a/create")
        #expect(tree.revision == saved)
        tree.discardDraft(at: "/elsewhere")
        #expect(tree.revision == saved)
    }

    @Test func noFieldsOrADiscardForgetsTheDraft() {
        let (tree, _) = makeTree()
        tree.saveDraft(self.fields(("title", "Buy")), at: "/a")
        tree.saveDraft(self.fields(("title", "Sell")), at: "/b")
        tree.saveDraft([], at: "/a")
        tree.discardDraft(at: "/b")
        #expect(tree.drafts.isEmpty)
    }

    @Test func theLeastRecentlySavedDraftGoesPastTheLimit() {
        let (tree, _) = makeTree()
        for index in 0..<NavigationTree.draftLimit {
            tree.saveDraft(self.fields(("n", String(index))), at: "/form/\(index)")
        }
        tree.saveDraft(self.fields(("n", "again")), at: "/form/0")  // now the most recent
        tree.saveDraft(self.fields(("n", "new")), at: "/form/new")
        #expect(tree.drafts.count == NavigationTree.draftLimit)
        #expect(tree.draft(at: "/form/1") == nil)
        #expect(tree.draft(at: "/form/0")?.fields.first?.value == "again")
        #expect(tree.drafts.last?.path == "/form/new")
    }

    @Test func draftsSurviveASnapshotAndItsJSON() async throws {
        let (tree, _) = makeTree()
        tree.saveDraft(self.fields(("title", "Feed the <cat>"), ("note", "line 1\nline 2")), at: "/a/create")
        let snapshot = try tree.snapshot()
        let decoded = try JSONDecoder().decode(NavigationSnapshot.self, from: try JSONEncoder().encode(snapshot))
        let (restored, _) = makeTree()
        try await restored.restore(decoded)
        #expect(restored.drafts == tree.drafts)
        #expect(try restored.snapshot() == snapshot)
    }

    @Test func aSnapshotWithoutDraftsHasNoDraftsKey() throws {
        let (tree, _) = makeTree()
        let text = String(decoding: try JSONEncoder().encode(try tree.snapshot()), as: UTF8.self)
        #expect(!text.contains("drafts"))
    }
}
