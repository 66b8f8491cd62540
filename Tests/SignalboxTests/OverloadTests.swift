import Signalbox
import Testing

/// Stinsen's narrower overloads: `focusFirst`, `root`, `isRoot` and `hasRoot` with an input and
/// with the app's comparator.
@Suite struct OverloadTests {
    private func items() async throws -> (NavigationTree, AppCoordinator, ItemsCoordinator) {
        let (tree, app) = makeTree()
        let tabs = try await app.root(\.member, User(name: "ann"))
        return (tree, app, try await tabs.focusFirst(\.items).child)
    }

    @Test func focusFirstWithAComparatorPopsAboveTheFirstEntryItAccepts() async throws {
        let (tree, _, items) = try await self.items()
        try await items.route(to: \.item, 10).route(to: \.item, 21).route(to: \.item, 30).route(to: \.create)
        // The first entry whose id has the same last digit as 31: item 21.
        try await items.focusFirst(\.item, 31) { $0 % 10 == $1 % 10 }
        #expect(tree.path == "/member/items/item/10/item/21")
        await #expect(throws: NavigationError.routeNotFound(route: "item", coordinator: "ItemsCoordinator")) {
            _ = try await items.focusFirst(\.item, 99) { $0 == $1 }
        }
        #expect(tree.path == "/member/items/item/10/item/21")
    }

    @Test func focusFirstWithAComparatorOnACoordinatorRouteReturnsThatChild() async throws {
        let notes = NotesCoordinator(journal: Journal())
        let tree = NavigationTree(root: notes)
        let first = try await notes.route(to: \.thread, 4)
        try await notes.route(to: \.thread, 7).route(to: \.draft)
        #expect(try await notes.focusFirst(\.thread, 4) { $0 == $1 } === first)
        #expect(tree.path == "/thread/4")
    }

    @Test func aRootSwitchWithAComparatorIsANoOpWhenItSaysTheInputIsTheSame() async throws {
        let (tree, app, items) = try await self.items()
        try await items.route(to: \.item, 2)
        let tabs = try #require(app.hasRoot(\.member))
        // Names compared without case: "ANN" is ann, so nothing changes.
        let same = try await app.root(\.member, User(name: "ANN")) { $0.name.lowercased() == $1.name.lowercased() }
        #expect(same === tabs)
        #expect(tree.path == "/member/items/item/2")
        // By default roots compare their inputs' JSON: "ANN" is someone else, and the stack goes.
        let other = try await app.root(\.member, User(name: "ANN"))
        #expect(other !== tabs)
        #expect(tree.path == "/member/home")
        // A comparator that says "different" switches even for an equal input.
        let again = try await app.root(\.member, User(name: "ANN")) { _, _ in false }
        #expect(again !== other)
    }

    @Test func isRootAndHasRootWithAnInputAskForThatInput() async throws {
        let (_, app, _) = try await self.items()
        #expect(app.isRoot(\.member))
        #expect(app.isRoot(\.member, User(name: "ann")))
        #expect(!app.isRoot(\.member, User(name: "bob")))
        #expect(app.isRoot(\.member, User(name: "Ann")) { $0.name.lowercased() == $1.name.lowercased() })
        #expect(app.hasRoot(\.member, User(name: "ann")) === app.hasRoot(\.member))
        #expect(app.hasRoot(\.member, User(name: "bob")) == nil)
        #expect(app.hasRoot(\.member, User(name: "ANN")) { $0.name.lowercased() == $1.name.lowercased() } != nil)
        try await app.root(\.guest)
        #expect(!app.isRoot(\.member, User(name: "ann")))
        #expect(app.hasRoot(\.member, User(name: "ann")) == nil)
    }
}

@Suite struct NavigationStackQueryTests {
    @Test func theStackListsItsRoutesAndFindsOneByKeyPath() async throws {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "ann"))
        try await tree.apply(path: "/member/items/item/3/n/x")
        let items = try #require(tree.routers.retrieve(ItemsCoordinator.self)?.coordinator)
        #expect(items.stack.routes == ["item", "n"])
        #expect(items.stack.contains(\.item))
        #expect(items.stack.contains(\.note))
        #expect(!items.stack.contains(\.create))
        try await items.popToRoot()
        #expect(items.stack.routes.isEmpty)
        #expect(!items.stack.contains(\.item))
    }
}
