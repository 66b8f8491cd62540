import Signalbox
import Testing

@Suite struct ApplyPathTests {
    private func member() throws -> (NavigationTree, AppCoordinator) {
        let (tree, app) = makeTree()
        try app.root(\.member, User(name: "ann"))
        return (tree, app)
    }

    @Test(arguments: [
        "/member/home", "/member/items", "/member/items/item/3", "/member/items/item/3/pick",
        "/member/items/wizard/step2", "/member/items/n/a%2Fb%3Fc%23d%25", "/member/items/n/~", "/member/items/n/~..",
        "/member/lab/nested/nestedModal/screen", "/member/lab/nested/screen/~/sheet", "/member/items/create",
    ])
    func canonicalPathsRoundTrip(_ path: String) throws {
        let (tree, _) = try self.member()
        #expect(try tree.apply(path: path) == path)
        #expect(tree.path == path)
    }

    @Test func instancesOnTheCommonPrefixAreKept() throws {
        let (tree, app) = try self.member()
        try tree.apply(path: "/member/lab/nested/screen")
        let tabs = try #require(app.hasRoot(\.member))
        let lab = try tabs.focusFirst(\.lab)
        let nested = try lab.focusFirst(\.nested)
        try tree.apply(path: "/member/lab/nested/sheet")
        #expect(app.hasRoot(\.member) === tabs)
        #expect(try lab.focusFirst(\.nested) === nested)
        #expect(tree.path == "/member/lab/nested/sheet")
    }

    @Test func divergingEntriesArePoppedAndTheirResultsCancelled() throws {
        let (tree, _) = try self.member()
        try tree.apply(path: "/member/items/item/1/pick")
        let items = try #require(tree.routers.retrieve(ItemsCoordinator.self)?.coordinator)
        try tree.apply(path: "/member/items/item/2")
        #expect(items.picked == [.cancelled])
        #expect(tree.branch.map(\.title) == ["list", "item 2"])
    }

    @Test func switchingTabsByPathKeepsTheOtherTabsStack() throws {
        let (tree, _) = try self.member()
        try tree.apply(path: "/member/items/item/1")
        try tree.apply(path: "/member/lab")
        #expect(tree.tabBars.first?.tabs[1].path == "/member/items/item/1")
        try tree.apply(path: "/member/items/item/1")
        #expect(tree.path == "/member/items/item/1")
    }

    @Test func aRootSwitchByPathReplacesTheWholeBranch() throws {
        let (tree, app) = try self.member()
        try tree.apply(path: "/member/items/item/1")
        let items = try #require(tree.routers.retrieve(ItemsCoordinator.self)?.coordinator)
        try tree.apply(path: "/guest/signup/password/ann")
        #expect(items.isDismissed)
        #expect(app.isRoot(\.guest))
        #expect(tree.path == "/guest/signup/password/ann")
    }

    @Test(arguments: [
        ("/member/nope", "nope"), ("/member/items/nope", "nope"), ("/member/items/item/1/zzz", "zzz"), ("/zzz", "zzz"),
    ])
    func unknownRoutesAreNotFoundAndChangeNothing(_ path: String, _ segment: String) throws {
        let (tree, _) = try self.member()
        try tree.apply(path: "/member/items/item/7")
        let before = try tree.snapshot()
        #expect {
            try tree.apply(path: path)
        } throws: { error in
            guard let error = error as? NavigationError, case .unknownRoute(let found, _, _) = error else { return false }
            return found == segment && error.kind == .notFound
        }
        #expect(try tree.snapshot() == before)
    }

    @Test(arguments: [
        ("/member/items/item/abc", "item", "abc"), ("/member/items/item/1.5", "item", "1.5"),
        ("/member/items/n/%zz", "n", "%zz"), ("/member/items/item/%FF", "item", "%FF"),
    ])
    func badInputsNameTheRouteTheSegmentAndTheReason(_ path: String, _ route: String, _ segment: String) throws {
        let (tree, _) = try self.member()
        let before = try tree.snapshot()
        #expect {
            try tree.apply(path: path)
        } throws: { error in
            guard let error = error as? NavigationError, case .badInput(let r, let s, let reason) = error else { return false }
            return r == route && s == segment && !reason.isEmpty && error.kind == .badRequest
        }
        #expect(try tree.snapshot() == before)
    }

    @Test func aMissingInputIsABadRequest() throws {
        let (tree, _) = try self.member()
        #expect(throws: NavigationError.missingInput(route: "item")) { try tree.apply(path: "/member/items/item") }
    }

    @Test func pathsDeeperThanTheLimitAreRefusedWholesale() throws {
        let (tree, app) = makeTree(maxDepth: 8)
        try app.root(\.member, User(name: "a"))
        let ok = "/member/items" + String(repeating: "/item/1", count: 7)
        try tree.apply(path: ok)
        #expect(tree.depth == 8)
        #expect(throws: NavigationError.tooDeep(limit: 8)) { try tree.apply(path: ok + "/item/2") }
        #expect(throws: NavigationError.tooDeep(limit: 8)) {
            try tree.apply(path: String(repeating: "/x", count: 1000))
        }
        #expect(tree.path == ok)
    }

    @Test func nonCanonicalSpellingsApplyAndReportTheCanonicalPath() throws {
        let (tree, _) = try self.member()
        #expect(try tree.apply(path: "/member/items/item/007") == "/member/items/item/7")
        #expect(try tree.apply(path: "/member/items/n/%41") == "/member/items/n/A")
        #expect(try tree.apply(path: "/member/lab/nested/screen/~") == "/member/lab/nested/screen")
    }

    @Test func endMarkersSeparateAChildsEntriesFromItsParents() throws {
        let (tree, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        try guest.route(to: \.signup).route(to: \.password, "x")
        try guest.route(to: \.terms)
        try app.route(to: \.about)
        #expect(tree.path == "/guest/signup/password/x/~/terms/~/about")
        let (fresh, _) = makeTree()
        try fresh.apply(path: tree.path)
        #expect(try fresh.snapshot() == tree.snapshot())
    }

    @Test func applyingTheCurrentPathChangesNothing() throws {
        let (tree, _) = try self.member()
        try tree.apply(path: "/member/items/item/1/pick")
        let screens = tree.branch.map { ObjectIdentifier($0.screen as! TestScreen) }
        try tree.apply(path: tree.path)
        #expect(tree.branch.map { ObjectIdentifier($0.screen as! TestScreen) } == screens)
    }

    @Test func theBranchDescribesBreadcrumbsPresentationsAndPop() throws {
        let (tree, _) = try self.member()
        try tree.apply(path: "/member/items/item/1/pick")
        #expect(tree.branch.map(\.path) == ["/member/items", "/member/items/item/1", "/member/items/item/1/pick"])
        #expect(tree.branch.map(\.presentation) == [nil, .push, .modal])
        #expect(tree.pathAfterPop == "/member/items/item/1")
        let presentation = try #require(tree.presentation)
        #expect(presentation.route == "pick")
        #expect(presentation.closePath == "/member/items/item/1")
        #expect(tree.availableRoutes.map(\.path).contains("/member/items/item/1/pick/item/{input}"))
        try tree.apply(path: "/member/home")
        #expect(tree.pathAfterPop == nil)
        #expect(tree.presentation == nil)
    }

    @Test func aNonDismissibleModalHasNoClosePathAndRefusesUserDismissal() throws {
        let (tree, _) = makeTree()
        try tree.apply(path: "/guest/terms")
        #expect(tree.presentation?.closePath == nil)
        #expect(throws: NavigationError.notDismissible(route: "terms")) { try tree.dismissTopPresentation() }
        #expect(throws: NavigationError.notDismissible(route: "terms")) { try tree.popTop() }
        try tree.apply(path: "/guest")
        #expect(tree.path == "/guest")
    }

    @Test func namedOperationsWorkOnTheTopCoordinator() throws {
        let (tree, _) = try self.member()
        try tree.apply(path: "/member/items")
        try tree.route(toNamed: "item", input: "5")
        #expect(tree.path == "/member/items/item/5")
        #expect(throws: NavigationError.badInput(route: "item", segment: "x", reason: "expected an integer, got \"x\"")) {
            try tree.route(toNamed: "item", input: "x")
        }
        #expect(throws: NavigationError.missingInput(route: "item")) { try tree.route(toNamed: "item", input: nil) }
        #expect(throws: NavigationError.self) { try tree.route(toNamed: "list", input: nil) }
        try tree.route(toNamed: "create", input: nil)
        try tree.popTop()
        try tree.popTopToRoot()
        #expect(tree.path == "/member/items")
        #expect(throws: NavigationError.nothingToDismiss) { try tree.dismissTopPresentation() }
    }
}

@Suite struct BranchTests {
    @Test func aPresentedCoordinatorsFirstScreenIsNamedAfterThePresentingRoute() throws {
        let (tree, app) = makeTree()
        try app.root(\.member, User(name: "a"))
        try tree.apply(path: "/member/items/wizard/step2")
        #expect(tree.branch.map(\.route) == ["list", "wizard", "step2"])
        #expect(tree.presentation?.route == "wizard")
        try tree.apply(path: "/member/home")
        #expect(tree.branch.map(\.route) == ["home"])
    }
}
