import Signalbox
import Testing

@Suite struct SmokeTests {
    @Test func basics() throws {
        let (tree, app) = makeTree()
        #expect(tree.path == "/guest")
        let tabs = try app.root(\.member, User(name: "a"))
        #expect(tree.path == "/member/home")
        let items = try tabs.focusFirst(\.items).child
        try items.route(to: \.item, 3).route(to: \.pick)
        #expect(tree.path == "/member/items/item/3/pick")
        try tree.apply(path: "/member/items/item/4")
        #expect(items.picked == [.cancelled])
        #expect(tree.path == "/member/items/item/4")
        let lab = try tabs.focusFirst(\.lab)
        try lab.route(to: \.nested).route(to: \.screen)
        try lab.route(to: \.sheet)
        print(tree.path, tree.branch.map(\.path))
        let snap = try tree.snapshot()
        let (tree2, _) = makeTree()
        try tree2.restore(snap)
        #expect(try tree2.snapshot() == snap)
        print(tree.tabBars)
        let (tree3, _) = makeTree()
        #expect(throws: NavigationError.redirect(to: "/guest")) { try tree3.apply(path: tree.path) }
        try tree3.root(as: AppCoordinator.self)!.root(\.member, User(name: "b"))
        try tree3.apply(path: tree.path)
        #expect(tree3.path == tree.path)
    }
}
