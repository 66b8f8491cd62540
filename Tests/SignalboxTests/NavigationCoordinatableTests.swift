import Signalbox
import Testing

@Suite struct NavigationCoordinatableTests {
    private func items() throws -> (NavigationTree, ItemsCoordinator) {
        let (tree, app) = makeTree()
        let tabs = try app.root(\.member, User(name: "ann"))
        return (tree, try tabs.focusFirst(\.items).child)
    }

    @Test func routeToAScreenReturnsTheSameCoordinatorForChaining() throws {
        let (tree, items) = try self.items()
        let result = try items.route(to: \.item, 1).route(to: \.item, 2)
        #expect(result === items)
        #expect(tree.path == "/member/items/item/1/item/2")
    }

    @Test func routeToACoordinatorReturnsTheChild() throws {
        let (tree, app) = makeTree()
        let signup = try (app.node(GuestCoordinator.self)).route(to: \.signup)
        try signup.route(to: \.password, "ann")
        #expect(tree.path == "/guest/signup/password/ann")
        #expect(signup.parentCoordinator === app.node(GuestCoordinator.self))
    }

    @Test func segmentNamesCanBeOverridden() throws {
        let (tree, items) = try self.items()
        try items.route(to: \.note, "hi there")
        #expect(tree.path == "/member/items/n/hi%20there")
    }

    @Test func popLastRemovesTheTopEntryAndThrowsAtTheRoot() throws {
        let (tree, items) = try self.items()
        try items.route(to: \.item, 1).route(to: \.create)
        try items.popLast()
        #expect(tree.path == "/member/items/item/1")
        try items.popLast()
        #expect(throws: NavigationError.nothingToPop(coordinator: "ItemsCoordinator")) { try items.popLast() }
        #expect(tree.path == "/member/items")
    }

    @Test func popToIndexAndRouteKeepThatEntryOnTop() throws {
        let (tree, items) = try self.items()
        try items.route(to: \.item, 1).route(to: \.item, 2).route(to: \.item, 3)
        try items.popTo(1)
        #expect(tree.path == "/member/items/item/1/item/2")
        try items.route(to: \.create).popTo(\.item)
        #expect(tree.path == "/member/items/item/1/item/2")
        try items.popTo(-1)
        #expect(tree.path == "/member/items")
        #expect(throws: NavigationError.routeNotFound(route: "#5", coordinator: "ItemsCoordinator")) {
            try items.popTo(5)
        }
        #expect(throws: NavigationError.routeNotFound(route: "create", coordinator: "ItemsCoordinator")) {
            try items.popTo(\.create)
        }
    }

    @Test func popToRootIsChainableAndANoOpAtTheRoot() throws {
        let (tree, items) = try self.items()
        try items.popToRoot().route(to: \.item, 9).popToRoot().route(to: \.item, 3)
        #expect(tree.path == "/member/items/item/3")
    }

    @Test func focusFirstPopsAboveTheFirstMatchAndThrowsATypedErrorWhenAbsent() throws {
        let (tree, items) = try self.items()
        try items.route(to: \.item, 1).route(to: \.item, 2).route(to: \.item, 1).route(to: \.create)
        try items.focusFirst(\.item, 2)
        #expect(tree.path == "/member/items/item/1/item/2")
        try items.focusFirst(\.item)
        #expect(tree.path == "/member/items/item/1")
        #expect(throws: NavigationError.routeNotFound(route: "pick", coordinator: "ItemsCoordinator")) {
            try items.focusFirst(\.pick)
        }
    }

    @Test func focusFirstOnACoordinatorRouteReturnsThatChild() throws {
        let (_, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        let signup = try guest.route(to: \.signup)
        try guest.route(to: \.terms)
        #expect(try guest.focusFirst(\.signup) === signup)
        #expect(guest.stack.count == 1)
    }

    @Test func rootSwitchIsANoOpWhenAlreadyActiveAndPopsTheStackOtherwise() throws {
        let (tree, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        try app.route(to: \.about)
        #expect(try app.root(\.guest) === guest)
        #expect(tree.path == "/guest/~/about")
        let tabs = try app.root(\.member, User(name: "ann"))
        #expect(tree.path == "/member/home")
        #expect(try app.root(\.member, User(name: "ann")) === tabs)
        #expect(try app.root(\.member, User(name: "bob")) !== tabs)
        #expect(app.rootInput(\.member) == User(name: "bob"))
    }

    @Test func isRootAndHasRootReportTheActiveRoot() throws {
        let (_, app) = makeTree()
        #expect(app.isRoot(\.guest))
        #expect(!app.isRoot(\.member))
        #expect(app.hasRoot(\.member) == nil)
        let tabs = try app.root(\.member, User(name: "ann"))
        #expect(app.hasRoot(\.member) === tabs)
        #expect(app.hasRoot(\.guest) == nil)
    }

    @Test func dismissCoordinatorRemovesItAndEverythingAbove() throws {
        let (tree, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        let signup = try guest.route(to: \.signup)
        try signup.route(to: \.password, "x")
        try signup.dismissCoordinator()
        #expect(tree.path == "/guest")
        #expect(signup.isDismissed)
    }

    @Test func dismissingARootOrTabOrDetachedCoordinatorIsATypedError() throws {
        let (_, app) = makeTree()
        #expect(throws: NavigationError.cannotDismiss(coordinator: "AppCoordinator", reason: "it has no parent")) {
            try app.dismissCoordinator()
        }
        let guest = app.node(GuestCoordinator.self)
        #expect(throws: NavigationError.cannotDismiss(coordinator: "GuestCoordinator", reason: "it is its parent's root")) {
            try guest.dismissCoordinator()
        }
        let tabs = try app.root(\.member, User(name: "a"))
        let lab = try tabs.focusFirst(\.lab)
        #expect(throws: NavigationError.cannotDismiss(coordinator: "LabCoordinator", reason: "it is a tab")) {
            try lab.dismissCoordinator()
        }
    }

    @Test func onDismissRunsWhenTheEntryLeavesByAnyMeans() throws {
        let (tree, items) = try self.items()
        var dismissed: [String] = []
        try items.route(to: \.item, 1, onDismiss: { dismissed.append("pop") })
        try items.popLast()
        try items.route(to: \.item, 2, onDismiss: { dismissed.append("path") })
        try tree.apply(path: "/member/items")
        try items.route(to: \.create, onDismiss: { dismissed.append("root") })
        try tree.root(as: AppCoordinator.self)!.root(\.guest)
        #expect(dismissed == ["pop", "path", "root"])
    }

    @Test func operationsOnADismissedCoordinatorAreErrorsNotCrashes() throws {
        let (_, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        let signup = try guest.route(to: \.signup)
        guest.popToRoot()
        #expect(throws: NavigationError.coordinatorDismissed(coordinator: "SignupCoordinator")) {
            try signup.route(to: \.password, "x")
        }
        #expect(throws: NavigationError.coordinatorDismissed(coordinator: "SignupCoordinator")) {
            try signup.popLast()
        }
    }

    @Test func rootWithoutItsInputIsAnErrorFromAPath() throws {
        let (tree, app) = makeTree()
        _ = app
        let before = try tree.snapshot()
        #expect(throws: NavigationError.redirect(to: "/guest")) { try tree.apply(path: "/member/home") }
        #expect(try tree.snapshot().root == before.root)
    }

    @Test func routesDeeperThanTheLimitAreRefused() throws {
        let (tree, app) = makeTree(maxDepth: 3)
        let guest = app.node(GuestCoordinator.self)
        let signup = try guest.route(to: \.signup)
        try signup.route(to: \.password, "a")
        #expect(throws: NavigationError.tooDeep(limit: 3)) { try signup.route(to: \.password, "b") }
        #expect(tree.depth == 3)
    }

    @Test func topScreenIsTheCoordinatorsOwnTop() throws {
        let (_, items) = try self.items()
        #expect((items.topScreen as? TestScreen)?.name == "list")
        try items.route(to: \.item, 4)
        #expect((items.topScreen as? TestScreen)?.title == "item 4")
    }
}

extension AppCoordinator {
    /// The guest coordinator when the guest root is active.
    func node(_: GuestCoordinator.Type) -> GuestCoordinator {
        self.hasRoot(\.guest)!
    }
}
