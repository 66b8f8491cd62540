import Signalbox
import Testing

@Suite struct NavigationCoordinatableTests {
    private func items() async throws -> (NavigationTree, ItemsCoordinator) {
        let (tree, app) = makeTree()
        let tabs = try await app.root(\.member, User(name: "ann"))
        return (tree, try await tabs.focusFirst(\.items).child)
    }

    @Test func routeToAScreenReturnsTheSameCoordinatorForChaining() async throws {
        let (tree, items) = try await self.items()
        let result = try await items.route(to: \.item, 1).route(to: \.item, 2)
        #expect(result === items)
        #expect(tree.path == "/member/items/item/1/item/2")
    }

    @Test func routeToACoordinatorReturnsTheChild() async throws {
        let (tree, app) = makeTree()
        let signup = try await (app.node(GuestCoordinator.self)).route(to: \.signup)
        try await signup.route(to: \.password, "ann")
        #expect(tree.path == "/guest/signup/password/ann")
        #expect(signup.parentCoordinator === app.node(GuestCoordinator.self))
    }

    @Test func segmentNamesCanBeOverridden() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.note, "hi there")
        #expect(tree.path == "/member/items/n/hi%20there")
    }

    @Test func popLastRemovesTheTopEntryAndThrowsAtTheRoot() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 1).route(to: \.create)
        try await items.popLast()
        #expect(tree.path == "/member/items/item/1")
        try await items.popLast()
        await #expect(throws: NavigationError.nothingToPop(coordinator: "ItemsCoordinator")) {
            _ = try await items.popLast()
        }
        #expect(tree.path == "/member/items")
    }

    @Test func popToIndexAndRouteKeepThatEntryOnTop() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 1).route(to: \.item, 2).route(to: \.item, 3)
        try await items.popTo(.item(1))
        #expect(tree.path == "/member/items/item/1/item/2")
        try await items.route(to: \.create).popTo(\.item)
        #expect(tree.path == "/member/items/item/1/item/2")
        try await items.popTo(.root)
        #expect(tree.path == "/member/items")
        await #expect(throws: NavigationError.routeNotFound(route: "item(5)", coordinator: "ItemsCoordinator")) {
            _ = try await items.popTo(.item(5))
        }
        await #expect(throws: NavigationError.routeNotFound(route: "create", coordinator: "ItemsCoordinator")) {
            _ = try await items.popTo(\.create)
        }
    }

    @Test func popToRootIsChainableAndANoOpAtTheRoot() async throws {
        let (tree, items) = try await self.items()
        try await items.popToRoot().route(to: \.item, 9).popToRoot().route(to: \.item, 3)
        #expect(tree.path == "/member/items/item/3")
    }

    @Test func focusFirstPopsAboveTheFirstMatchAndThrowsATypedErrorWhenAbsent() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 1).route(to: \.item, 2).route(to: \.item, 1).route(to: \.create)
        try await items.focusFirst(\.item, 2)
        #expect(tree.path == "/member/items/item/1/item/2")
        try await items.focusFirst(\.item)
        #expect(tree.path == "/member/items/item/1")
        await #expect(throws: NavigationError.routeNotFound(route: "pick", coordinator: "ItemsCoordinator")) {
            _ = try await items.focusFirst(\.pick)
        }
    }

    @Test func focusFirstOnACoordinatorRouteReturnsThatChild() async throws {
        let (_, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        let signup = try await guest.route(to: \.signup)
        try await guest.route(to: \.terms)
        #expect(try await guest.focusFirst(\.signup) === signup)
        #expect(guest.stack.count == 1)
    }

    @Test func rootSwitchIsANoOpWhenAlreadyActiveAndPopsTheStackOtherwise() async throws {
        let (tree, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        try await app.route(to: \.about)
        #expect(try await app.root(\.guest) === guest)
        #expect(tree.path == "/guest/~/about")
        let tabs = try await app.root(\.member, User(name: "ann"))
        #expect(tree.path == "/member/home")
        #expect(try await app.root(\.member, User(name: "ann")) === tabs)
        #expect(try await app.root(\.member, User(name: "bob")) !== tabs)
        #expect(app.rootInput(\.member) == User(name: "bob"))
    }

    @Test func isRootAndHasRootReportTheActiveRoot() async throws {
        let (_, app) = makeTree()
        #expect(app.isRoot(\.guest))
        #expect(!app.isRoot(\.member))
        #expect(app.hasRoot(\.member) == nil)
        let tabs = try await app.root(\.member, User(name: "ann"))
        #expect(app.hasRoot(\.member) === tabs)
        #expect(app.hasRoot(\.guest) == nil)
    }

    @Test func dismissCoordinatorRemovesItAndEverythingAbove() async throws {
        let (tree, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        let signup = try await guest.route(to: \.signup)
        try await signup.route(to: \.password, "x")
        try await signup.dismissCoordinator()
        #expect(tree.path == "/guest")
        #expect(signup.isDismissed)
    }

    @Test func dismissingARootOrTabOrDetachedCoordinatorIsATypedError() async throws {
        let (_, app) = makeTree()
        await #expect(throws: NavigationError.cannotDismiss(coordinator: "AppCoordinator", reason: "it has no parent"))
        {
            _ = try await app.dismissCoordinator()
        }
        let guest = app.node(GuestCoordinator.self)
        await #expect(
            throws: NavigationError.cannotDismiss(coordinator: "GuestCoordinator", reason: "it is its parent's root")
        ) {
            _ = try await guest.dismissCoordinator()
        }
        let tabs = try await app.root(\.member, User(name: "a"))
        let lab = try await tabs.focusFirst(\.lab)
        await #expect(throws: NavigationError.cannotDismiss(coordinator: "LabCoordinator", reason: "it is a tab")) {
            _ = try await lab.dismissCoordinator()
        }
    }

    @Test func onDismissRunsWhenTheEntryLeavesByAnyMeans() async throws {
        let (tree, items) = try await self.items()
        var dismissed: [String] = []
        try await items.route(to: \.item, 1, onDismiss: { dismissed.append("pop") })
        try await items.popLast()
        try await items.route(to: \.item, 2, onDismiss: { dismissed.append("path") })
        try await tree.apply(path: "/member/items")
        try await items.route(to: \.create, onDismiss: { dismissed.append("root") })
        try await tree.root(as: AppCoordinator.self)!.root(\.guest)
        #expect(dismissed == ["pop", "path", "root"])
    }

    @Test func operationsOnADismissedCoordinatorAreErrorsNotCrashes() async throws {
        let (_, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        let signup = try await guest.route(to: \.signup)
        try await guest.popToRoot()
        await #expect(throws: NavigationError.coordinatorDismissed(coordinator: "SignupCoordinator")) {
            _ = try await signup.route(to: \.password, "x")
        }
        await #expect(throws: NavigationError.coordinatorDismissed(coordinator: "SignupCoordinator")) {
            _ = try await signup.popLast()
        }
    }

    @Test func rootWithoutItsInputIsAnErrorFromAPath() async throws {
        let (tree, app) = makeTree()
        _ = app
        let before = try tree.snapshot()
        #expect(try await tree.apply(path: "/member/home") == .redirected(to: "/guest", resumes: true))
        #expect(try tree.snapshot().root == before.root)
    }

    @Test func routesDeeperThanTheLimitAreRefused() async throws {
        let (tree, app) = makeTree(maxDepth: 3)
        let guest = app.node(GuestCoordinator.self)
        let signup = try await guest.route(to: \.signup)
        try await signup.route(to: \.password, "a")
        await #expect(throws: NavigationError.tooDeep(limit: 3)) { _ = try await signup.route(to: \.password, "b") }
        #expect(tree.depth == 3)
    }

    @Test func topScreenIsTheCoordinatorsOwnTop() async throws {
        let (_, items) = try await self.items()
        #expect((items.topScreen as? TestScreen)?.name == "list")
        try await items.route(to: \.item, 4)
        #expect((items.topScreen as? TestScreen)?.title == "item 4")
    }
}

extension AppCoordinator {
    /// The guest coordinator when the guest root is active.
    func node(_: GuestCoordinator.Type) -> GuestCoordinator {
        self.hasRoot(\.guest)!
    }
}
