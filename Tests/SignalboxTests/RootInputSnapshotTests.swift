import Foundation
import Signalbox
import Testing

/// A stack keeps its root's input encoded between snapshots (a durable store snapshots after
/// every request); a snapshot after the root changed, by a switch, by the same route with
/// another input, or by a restore, must still show the root's input now.
@Suite struct RootInputSnapshotTests {
    /// The app's root entry in `snapshot`.
    private func appRoot(_ snapshot: NavigationSnapshot) throws -> EntrySnapshot {
        guard case .navigation(_, let root, _) = snapshot.root else {
            throw SnapshotShapeError()
        }
        return root
    }

    /// The member root's input in `snapshot`, decoded.
    private func member(_ snapshot: NavigationSnapshot) throws -> User? {
        let root = try self.appRoot(snapshot)
        guard root.route == "member", let input = root.input else { return nil }
        return try JSONDecoder().decode(User.self, from: Data(input.utf8))
    }

    private struct SnapshotShapeError: Error {}

    @Test func theSameRootWithAnotherInputIsSnapshottedWithTheNewInput() async throws {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "ann"))
        let ann = try tree.snapshot()
        #expect(try self.member(ann) == User(name: "ann"))
        #expect(try tree.snapshot() == ann)  // unchanged: the kept encoding

        try await app.root(\.member, User(name: "bob"))
        let bob = try tree.snapshot()
        #expect(try self.member(bob) == User(name: "bob"))
        #expect(try self.member(try tree.snapshot()) == User(name: "bob"))

        // Restoring the new snapshot gives the new input.
        let (copy, copyApp) = makeTree()
        try await copy.restore(bob)
        #expect(copyApp.rootInput(\.member) == User(name: "bob"))
        #expect(try copy.snapshot() == bob)

        // And switching back gives the original again.
        try await app.root(\.member, User(name: "ann"))
        #expect(try tree.snapshot() == ann)
    }

    @Test func aRootWithoutInputAfterOneWithAnInputHasNoInputInTheSnapshot() async throws {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "ann"))
        let ann = try tree.snapshot()
        try await app.root(\.guest)
        let guest = try tree.snapshot()
        #expect(try self.appRoot(guest).route == "guest")
        #expect(try self.appRoot(guest).input == nil)
        try await app.root(\.member, User(name: "cy"))
        #expect(try self.member(try tree.snapshot()) == User(name: "cy"))
        try await app.root(\.member, User(name: "ann"))
        #expect(try tree.snapshot() == ann)
    }

    @Test func restoringASnapshotWithAnotherInputIsSnapshottedWithThatInput() async throws {
        let (other, otherApp) = makeTree()
        try await otherApp.root(\.member, User(name: "bob"))
        let bob = try other.snapshot()

        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "ann"))
        let ann = try tree.snapshot()  // ann's input is now kept encoded
        try await tree.restore(bob)
        #expect(app.rootInput(\.member) == User(name: "bob"))
        #expect(try tree.snapshot() == bob)
        try await tree.restore(ann)
        #expect(try tree.snapshot() == ann)
    }

    /// Each root-changing operation in turn, from the same starting tree, shows in the very next
    /// snapshot: a stale kept encoding would show the previous input instead.
    @Test(arguments: ["ann", "bob", "ann ü \"<&>\"", ""])
    func everyInputShowsInTheNextSnapshot(_ name: String) async throws {
        let (tree, app) = makeTree()
        for previous in ["zed", "ann", name] {
            try await app.root(\.member, User(name: previous))
            _ = try tree.snapshot()
            try await app.root(\.member, User(name: name))
            #expect(try self.member(try tree.snapshot()) == User(name: name))
            #expect(app.rootInput(\.member) == User(name: name))
        }
    }
}
