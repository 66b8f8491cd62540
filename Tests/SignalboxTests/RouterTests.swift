import Signalbox
import Testing

@Suite struct RouterTests {
    @Test func aRouterPopsItsOwnScreenAndEverythingAbove() throws {
        let (tree, app) = makeTree()
        let items = try app.root(\.member, User(name: "a")).focusFirst(\.items).child
        try items.route(to: \.item, 1)
        let router = items.router  // handed to item 1 (index 0)
        try items.route(to: \.item, 2).route(to: \.create)
        try router.pop()
        #expect(tree.path == "/member/items")
        #expect(router.id == 0)
    }

    @Test func theRootScreensRouterCannotPop() throws {
        let (_, app) = makeTree()
        let items = try app.root(\.member, User(name: "a")).focusFirst(\.items).child
        #expect(throws: NavigationError.nothingToPop(coordinator: "ItemsCoordinator")) { try items.router.pop() }
    }

    @Test func theRouterStoreFindsTheNearestAncestorOfAType() throws {
        let (tree, app) = makeTree()
        let lab = try app.root(\.member, User(name: "a")).focusFirst(\.lab)
        let inner = try lab.route(to: \.nested)
        #expect(tree.routers.retrieve(LabCoordinator.self)?.coordinator === inner)
        #expect(tree.routers.retrieve(AppCoordinator.self)?.coordinator === app)
        #expect(tree.routers.retrieve(GuestCoordinator.self) == nil)
    }

    @Test func routersOfDismissedCoordinatorsFailWithAnError() throws {
        let (_, app) = makeTree()
        let lab = try app.root(\.member, User(name: "a")).focusFirst(\.lab)
        let inner = try lab.route(to: \.nested)
        let router = inner.router
        #expect(router.canDismiss)
        lab.popToRoot()
        #expect(!router.canDismiss)
        #expect(throws: NavigationError.coordinatorDismissed(coordinator: "LabCoordinator")) {
            try router.route(to: \.screen)
        }
    }

    @Test func separateTreesHaveSeparateRouterStores() throws {
        let (first, firstApp) = makeTree()
        let (second, _) = makeTree()
        try firstApp.root(\.member, User(name: "a"))
        #expect(first.routers.retrieve(AppCoordinator.self)?.coordinator === firstApp)
        #expect(second.routers.retrieve(AppCoordinator.self)?.coordinator !== firstApp)
    }
}
