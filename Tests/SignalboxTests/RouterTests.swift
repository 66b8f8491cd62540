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

@Suite struct ScreenContextTests {
    final class ChainScreen: Screen {
        var template: String { "chain" }
        var title: String { "chain" }
        var viewModel: ViewModel { [:] }
        func submit(_ form: FormData, context: ScreenContext) throws -> Submission {
            let id = Int(form["id"] ?? "") ?? 0
            try context.coordinator(MemberTabs.self)?.focusFirst(\.items).child.popToRoot().route(to: \.item, id)
            return .accepted
        }
    }

    @Test func aScreenReachesAncestorCoordinatorsByType() throws {
        let (tree, app) = makeTree()
        let tabs = try app.root(\.member, User(name: "a"))
        try tabs.focusFirst(\.items).child.route(to: \.item, 1)
        let lab = try tabs.focusFirst(\.lab)
        try lab.route(to: \.screen)
        let context = tree.makeContext(for: try #require(tree.branch.last))
        #expect(context.coordinator(LabCoordinator.self) === lab)
        #expect(context.coordinator(MemberTabs.self) === tabs)
        #expect(context.coordinator(GuestCoordinator.self) == nil)
        _ = try ChainScreen().submit(["id": "4"], context: context)
        #expect(tree.path == "/member/items/item/4")
    }
}
