import Signalbox
import Testing

@Suite struct ApplyPathTests {
    private func member() async throws -> (NavigationTree, AppCoordinator) {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "ann"))
        return (tree, app)
    }

    @Test(arguments: [
        "/member/home", "/member/items", "/member/items/item/3", "/member/items/item/3/pick",
        "/member/items/wizard/step2", "/member/items/n/a%2Fb%3Fc%23d%25", "/member/items/n/~", "/member/items/n/~..",
        "/member/lab/nested/nestedModal/screen", "/member/lab/nested/screen/~/sheet", "/member/items/create",
    ])
    func canonicalPathsRoundTrip(_ path: String) async throws {
        let (tree, _) = try await self.member()
        #expect(try await tree.apply(path: path) == .applied(path: path))
        #expect(tree.path == path)
    }

    /// A page walk makes its tab bars only when the page is shown (not for a 304): they must be
    /// the bars a full walk makes, nested tab coordinators and end markers included.
    @Test func aPageWalksTabBarsAreTheFullWalks() async throws {
        let (tree, _) = try await self.member()
        let visits = [
            "/member/items/item/3", "/member/lab/nested/screen", "/member/lab/nested/screen/~/sheet",
            "/member/items/n/~", "/member/home", "/member/lab/nested/nestedModal/screen", "/member/items/item/3/pick",
        ]
        for path in visits {
            let (outcome, branch) = try await tree.applyForPage(path: path)
            #expect(outcome == .applied(path: path))
            let page = try #require(branch)
            #expect(page.tabBars.isEmpty, "made only when asked")
            let made = try await page.tabBarsWithBadges()
            #expect(made == (try await tree.activeBranch.tabBarsWithBadges()), "\(path)")
            #expect(made.count >= 1)
        }
    }

    @Test func instancesOnTheCommonPrefixAreKept() async throws {
        let (tree, app) = try await self.member()
        try await tree.apply(path: "/member/lab/nested/screen")
        let tabs = try #require(app.hasRoot(\.member))
        let lab = try await tabs.focusFirst(\.lab)
        let nested = try await lab.focusFirst(\.nested)
        try await tree.apply(path: "/member/lab/nested/sheet")
        #expect(app.hasRoot(\.member) === tabs)
        #expect(try await lab.focusFirst(\.nested) === nested)
        #expect(tree.path == "/member/lab/nested/sheet")
    }

    @Test func divergingEntriesArePoppedAndTheirResultsCancelled() async throws {
        let (tree, _) = try await self.member()
        try await tree.apply(path: "/member/items/item/1/pick")
        let items = try #require(tree.routers.retrieve(ItemsCoordinator.self)?.coordinator)
        try await tree.apply(path: "/member/items/item/2")
        #expect(items.picked == [.cancelled])
        #expect(try await tree.titles() == ["list", "item 2"])
    }

    @Test func switchingTabsByPathKeepsTheOtherTabsStack() async throws {
        let (tree, _) = try await self.member()
        try await tree.apply(path: "/member/items/item/1")
        try await tree.apply(path: "/member/lab")
        #expect(tree.tabBars.first?.tabs[1].path == "/member/items/item/1")
        try await tree.apply(path: "/member/items/item/1")
        #expect(tree.path == "/member/items/item/1")
    }

    @Test func aRootSwitchByPathReplacesTheWholeBranch() async throws {
        let (tree, app) = try await self.member()
        try await tree.apply(path: "/member/items/item/1")
        let items = try #require(tree.routers.retrieve(ItemsCoordinator.self)?.coordinator)
        try await tree.apply(path: "/guest/signup/password/ann")
        #expect(items.isDismissed)
        #expect(app.isRoot(\.guest))
        #expect(tree.path == "/guest/signup/password/ann")
    }

    @Test(arguments: [
        ("/member/nope", "nope"), ("/member/items/nope", "nope"), ("/member/items/item/1/zzz", "zzz"), ("/zzz", "zzz"),
    ])
    func unknownRoutesAreNotFoundAndChangeNothing(_ path: String, _ segment: String) async throws {
        let (tree, _) = try await self.member()
        try await tree.apply(path: "/member/items/item/7")
        let before = try tree.snapshot()
        await #expect {
            try await tree.apply(path: path)
        } throws: { error in
            guard let error = error as? NavigationError, case .unknownRoute(let found, _, _) = error else {
                return false
            }
            return found == segment && error.kind == .notFound
        }
        #expect(try tree.snapshot() == before)
    }

    @Test(arguments: [
        ("/member/items/item/abc", "item", "abc"), ("/member/items/item/1.5", "item", "1.5"),
        ("/member/items/n/%zz", "n", "%zz"), ("/member/items/item/%FF", "item", "%FF"),
    ])
    func badInputsNameTheRouteTheSegmentAndTheReason(_ path: String, _ route: String, _ segment: String) async throws {
        let (tree, _) = try await self.member()
        let before = try tree.snapshot()
        await #expect {
            try await tree.apply(path: path)
        } throws: { error in
            guard let error = error as? NavigationError, case .badInput(let r, let s, let reason) = error else {
                return false
            }
            return r == route && s == segment && !reason.isEmpty && error.kind == .badRequest
        }
        #expect(try tree.snapshot() == before)
    }

    @Test func aMissingInputIsABadRequest() async throws {
        let (tree, _) = try await self.member()
        await #expect(throws: NavigationError.missingInput(route: "item")) {
            _ = try await tree.apply(path: "/member/items/item")
        }
    }

    @Test func pathsDeeperThanTheLimitAreRefusedWholesale() async throws {
        let (tree, app) = makeTree(maxDepth: 8)
        try await app.root(\.member, User(name: "a"))
        let ok = "/member/items" + String(repeating: "/item/1", count: 7)
        try await tree.apply(path: ok)
        #expect(tree.depth == 8)
        await #expect(throws: NavigationError.tooDeep(limit: 8)) { _ = try await tree.apply(path: ok + "/item/2") }
        await #expect(throws: NavigationError.tooDeep(limit: 8)) {
            _ = try await tree.apply(path: String(repeating: "/x", count: 1000))
        }
        #expect(tree.path == ok)
    }

    @Test func nonCanonicalSpellingsApplyAndReportTheCanonicalPath() async throws {
        let (tree, _) = try await self.member()
        #expect(try await tree.apply(path: "/member/items/item/007") == .applied(path: "/member/items/item/7"))
        #expect(try await tree.apply(path: "/member/items/n/%41") == .applied(path: "/member/items/n/A"))
        #expect(
            try await tree.apply(path: "/member/lab/nested/screen/~") == .applied(path: "/member/lab/nested/screen")
        )
    }

    @Test func endMarkersSeparateAChildsEntriesFromItsParents() async throws {
        let (tree, app) = makeTree()
        let guest = app.node(GuestCoordinator.self)
        try await guest.route(to: \.signup).route(to: \.password, "x")
        try await guest.route(to: \.terms)
        try await app.route(to: \.about)
        #expect(tree.path == "/guest/signup/password/x/~/terms/~/about")
        let (fresh, _) = makeTree()
        try await fresh.apply(path: tree.path)
        #expect(try fresh.snapshot() == tree.snapshot())
    }

    @Test func applyingTheCurrentPathChangesNothing() async throws {
        let (tree, _) = try await self.member()
        try await tree.apply(path: "/member/items/item/1/pick")
        let screens = tree.branch.map { ObjectIdentifier($0.screen as! TestScreen) }
        try await tree.apply(path: tree.path)
        #expect(tree.branch.map { ObjectIdentifier($0.screen as! TestScreen) } == screens)
    }

    @Test func theBranchDescribesBreadcrumbsPresentationsAndPop() async throws {
        let (tree, _) = try await self.member()
        try await tree.apply(path: "/member/items/item/1/pick")
        #expect(tree.branch.map(\.path) == ["/member/items", "/member/items/item/1", "/member/items/item/1/pick"])
        #expect(tree.branch.map(\.presentation) == [nil, .push, .modal])
        #expect(tree.pathAfterPop == "/member/items/item/1")
        let presentation = try #require(tree.presentation)
        #expect(presentation.route == "pick")
        #expect(presentation.closePath == "/member/items/item/1")
        #expect(tree.activeBranch.availableRoutes.map(\.path).contains("/member/items/item/1/pick/item/{input}"))
        try await tree.apply(path: "/member/home")
        #expect(tree.pathAfterPop == nil)
        #expect(tree.presentation == nil)
    }

    @Test func aNonDismissibleModalHasNoClosePathAndRefusesUserDismissal() async throws {
        let (tree, _) = makeTree()
        try await tree.apply(path: "/guest/terms")
        #expect(tree.presentation?.closePath == nil)
        await #expect(throws: NavigationError.notDismissible(route: "terms")) {
            _ = try await tree.dismissTopPresentation()
        }
        await #expect(throws: NavigationError.notDismissible(route: "terms")) { _ = try await tree.popTop() }
        try await tree.apply(path: "/guest")
        #expect(tree.path == "/guest")
    }

    @Test func namedOperationsWorkOnTheTopCoordinator() async throws {
        let (tree, _) = try await self.member()
        try await tree.apply(path: "/member/items")
        try await tree.route(toNamed: "item", input: "5")
        #expect(tree.path == "/member/items/item/5")
        await #expect(
            throws: NavigationError.badInput(route: "item", segment: "x", reason: "expected an integer, got \"x\"")
        ) {
            _ = try await tree.route(toNamed: "item", input: "x")
        }
        await #expect(throws: NavigationError.missingInput(route: "item")) {
            _ = try await tree.route(toNamed: "item", input: nil)
        }
        await #expect(throws: NavigationError.self) { _ = try await tree.route(toNamed: "list", input: nil) }
        try await tree.route(toNamed: "create", input: nil)
        try await tree.popTop()
        try await tree.popTopToRoot()
        #expect(tree.path == "/member/items")
        await #expect(throws: NavigationError.nothingToDismiss) { _ = try await tree.dismissTopPresentation() }
    }
}

@Suite struct BranchTests {
    @Test func aPresentedCoordinatorsFirstScreenIsNamedAfterThePresentingRoute() async throws {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "a"))
        try await tree.apply(path: "/member/items/wizard/step2")
        #expect(tree.branch.map(\.route) == ["list", "wizard", "step2"])
        #expect(tree.presentation?.route == "wizard")
        try await tree.apply(path: "/member/home")
        #expect(tree.branch.map(\.route) == ["home"])
    }
}
