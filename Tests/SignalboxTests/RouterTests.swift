import Signalbox
import Testing

@Suite struct RouterTests {
    @Test func aRouterPopsItsOwnScreenAndEverythingAbove() async throws {
        let (tree, app) = makeTree()
        let items = try await app.root(\.member, User(name: "a")).focusFirst(\.items).child
        try await items.route(to: \.item, 1)
        let router = items.router  // handed to item 1 (index 0)
        try await items.route(to: \.item, 2).route(to: \.create)
        try await router.pop()
        #expect(tree.path == "/member/items")
        #expect(router.position == .item(0))
    }

    @Test func theRootScreensRouterCannotPop() async throws {
        let (_, app) = makeTree()
        let items = try await app.root(\.member, User(name: "a")).focusFirst(\.items).child
        await #expect(throws: NavigationError.nothingToPop(coordinator: "ItemsCoordinator")) {
            _ = try await items.router.pop()
        }
    }

    @Test func theRouterStoreFindsTheNearestAncestorOfAType() async throws {
        let (tree, app) = makeTree()
        let lab = try await app.root(\.member, User(name: "a")).focusFirst(\.lab)
        let inner = try await lab.route(to: \.nested)
        #expect(tree.routers.retrieve(LabCoordinator.self)?.coordinator === inner)
        #expect(tree.routers.retrieve(AppCoordinator.self)?.coordinator === app)
        #expect(tree.routers.retrieve(GuestCoordinator.self) == nil)
    }

    @Test func routersOfDismissedCoordinatorsFailWithAnError() async throws {
        let (_, app) = makeTree()
        let lab = try await app.root(\.member, User(name: "a")).focusFirst(\.lab)
        let inner = try await lab.route(to: \.nested)
        let router = inner.router
        #expect(router.canDismiss)
        try await lab.popToRoot()
        #expect(!router.canDismiss)
        await #expect(throws: NavigationError.coordinatorDismissed(coordinator: "LabCoordinator")) {
            _ = try await router.route(to: \.screen)
        }
    }

    @Test func separateTreesHaveSeparateRouterStores() async throws {
        let (first, firstApp) = makeTree()
        let (second, _) = makeTree()
        try await firstApp.root(\.member, User(name: "a"))
        #expect(first.routers.retrieve(AppCoordinator.self)?.coordinator === firstApp)
        #expect(second.routers.retrieve(AppCoordinator.self)?.coordinator !== firstApp)
    }
}

@Suite struct ScreenContextTests {
    final class ChainScreen: Screen {
        var template: String { "chain" }
        var title: String { "chain" }
        var viewModel: ViewModel { [:] }
        func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
            let id = Int(form["id"] ?? "") ?? 0
            try await context.coordinator(MemberTabs.self).focusFirst(\.items).child.popToRoot().route(to: \.item, id)
            return .accepted
        }
    }

    @Test func aScreenReachesAncestorCoordinatorsByType() async throws {
        let (tree, app) = makeTree()
        let tabs = try await app.root(\.member, User(name: "a"))
        try await tabs.focusFirst(\.items).child.route(to: \.item, 1)
        let lab = try await tabs.focusFirst(\.lab)
        try await lab.route(to: \.screen)
        let context = tree.context(for: try #require(tree.branch.last))
        #expect(try context.coordinator(LabCoordinator.self) === lab)
        #expect(try context.coordinator(MemberTabs.self) === tabs)
        #expect(throws: NavigationError.coordinatorNotFound(type: "GuestCoordinator")) {
            try context.coordinator(GuestCoordinator.self)
        }
        _ = try await ChainScreen().submit(["id": "4"], context: context)
        #expect(tree.path == "/member/items/item/4")
    }
}
