import Signalbox
import Testing

final class GuardedApp: NavigationCoordinatable {
    let stack = NavigationStack(initial: \GuardedApp.home)
    @Root var home = makeHome
    @Route(.push) var admin = makeAdmin
    @Route(.push) var vault = makeVault
    var isAdmin = false
    func makeHome() -> TestScreen { TestScreen("home") }
    func makeAdmin() -> TestScreen { TestScreen("admin") }
    func makeVault() -> TestScreen { TestScreen("vault") }

    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        if attempt.targets(\.admin), !self.isAdmin { return .redirect(to: \.home) }
        if attempt.targets(\.vault) { return .refuse("the vault is closed") }
        return .allow
    }
}

final class UnguardedApp: NavigationCoordinatable {
    let stack = NavigationStack(initial: \UnguardedApp.start)
    @Root var start = makeStart
    @Root var account = makeAccount
    func makeStart() -> TestScreen { TestScreen("start") }
    func makeAccount(user: User) -> TestScreen { TestScreen("account", input: user.name) }
}

@Suite struct GuardTests {
    @Test func aRedirectFromAPathKeepsTheOriginalTargetForLater() async throws {
        let app = GuardedApp()
        let tree = NavigationTree(root: app)
        #expect(try await tree.apply(path: "/admin") == .redirected(to: "/", resumes: true))
        #expect(tree.path == "/")
        #expect(tree.pendingPath == "/admin")
        app.isAdmin = true
        let next = try #require(tree.takePendingPath())
        try await tree.apply(path: next)
        #expect(tree.path == "/admin")
        #expect(tree.pendingPath == nil)
    }

    @Test func resumingThePendingPathContinuesThereOnceAndOnlyWhenItStillLeadsSomewhere() async throws {
        let app = GuardedApp()
        let tree = NavigationTree(root: app)
        #expect(await tree.resumePendingPath() == false)  // nothing pending

        try await tree.apply(path: "/admin")
        #expect(await tree.resumePendingPath() == false)  // still not an admin: redirected again
        #expect(tree.path == "/")
        #expect(tree.pendingPath == nil)  // no loop: the path is used once

        try await tree.apply(path: "/admin")
        app.isAdmin = true
        #expect(await tree.resumePendingPath())
        #expect(tree.path == "/admin")
        #expect(tree.pendingPath == nil)

        tree.pendingPath = "/admin/nowhere"
        #expect(await tree.resumePendingPath() == false)  // leads nowhere: the tree stays
        #expect(tree.path == "/admin")
    }

    @Test func aGuardCanRefuseOperationsAsWellAsPaths() async throws {
        let app = GuardedApp()
        let tree = NavigationTree(root: app)
        await #expect(throws: NavigationError.refused(route: "vault", reason: "the vault is closed")) {
            _ = try await app.route(to: \.vault)
        }
        await #expect(throws: NavigationError.refused(route: "vault", reason: "the vault is closed")) {
            _ = try await tree.apply(path: "/vault")
        }
        #expect(tree.path == "/")
    }

    @Test func aRootNeedingAnInputTheApplicationDidNotGiveIsATypedError() async throws {
        let app = UnguardedApp()
        let tree = NavigationTree(root: app)
        await #expect(throws: NavigationError.missingRootInput(root: "account")) {
            _ = try await tree.apply(path: "/account")
        }
        try await app.root(\.account, User(name: "zoe"))
        #expect(tree.path == "/account")
        try await tree.apply(path: "/account")
        #expect(try await tree.titles().last == "account zoe")
    }
}

final class DetourApp: NavigationCoordinatable {
    let stack = NavigationStack(initial: \DetourApp.home)
    @Root var home = makeHome
    @Route(.push) var login = makeLogin
    func makeHome() -> TestScreen { TestScreen("home") }
    func makeLogin() -> TestScreen { TestScreen("login") }
    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        attempt.targets(\.login) ? .redirect(to: \.home, resume: false) : .allow
    }
}

@Suite struct GuardResumeTests {
    @Test func aRedirectThatIsNotADetourKeepsNoPendingPath() async throws {
        let tree = NavigationTree(root: DetourApp())
        #expect(try await tree.apply(path: "/login") == .redirected(to: "/", resumes: false))
        #expect(tree.pendingPath == nil)
    }

    @Test func aTrailingSlashIsToleratedAndDroppedFromTheCanonicalPath() async throws {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "a"))
        #expect(try await tree.apply(path: "/member/items/item/1/") == .applied(path: "/member/items/item/1"))
    }
}

final class CatalogApp: NavigationCoordinatable {
    let stack = NavigationStack(initial: \CatalogApp.list)
    @Root var list = makeList
    @Route(.push) var item = makeItem
    let existing: Set<Int> = [1, 2]
    func makeList() -> TestScreen { TestScreen("list") }
    func makeItem(id: Int) -> TestScreen { TestScreen("item", input: String(id)) }
    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        if let id = attempt.input(for: \.item), !self.existing.contains(id) {
            return .notFound("there is no item \(id)")
        }
        return .allow
    }
}

@Suite struct GuardNotFoundTests {
    @Test func aGuardCanSayAnInputNamesNothingWhichIsANotFoundError() async throws {
        let tree = NavigationTree(root: CatalogApp())
        try await tree.apply(path: "/item/2")
        let error = NavigationError.notFound(route: "item", reason: "there is no item 9")
        await #expect(throws: error) { _ = try await tree.apply(path: "/item/9") }
        #expect(error.kind == .notFound)
        #expect(tree.path == "/item/2")
    }
}

/// A shelf inside a tab: retired items redirect to their successor (id + 100), by key path.
final class ShelfCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \ShelfCoordinator.list)
    @Root var list = makeList
    @Route(.push) var item = makeItem
    @Route(.push) var retired = makeRetired
    @Route(.push) var staff = makeStaff
    @Route(.push) var help = makeHelp
    func makeList() -> TestScreen { TestScreen("list") }
    func makeItem(id: Int) -> TestScreen { TestScreen("item", input: String(id)) }
    func makeRetired(id: Int) -> TestScreen { TestScreen("retired", input: String(id)) }
    func makeStaff() -> TestScreen { TestScreen("staff") }
    func makeHelp() -> TestScreen { TestScreen("help") }

    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        if let id = attempt.input(for: \.retired) { return .redirect(to: \.item, id + 100) }
        if attempt.targets(\.staff) { return .stay }
        if attempt.targets(\.help) { return .redirect(toPath: "/about") }
        return .allow
    }
}

final class ShopTabs: TabCoordinatable {
    let child = TabChild(startingItems: [\ShopTabs.front, \.shelf])
    @Route(tab: "Front") var front = makeFront
    @Route(tab: "Shelf") var shelf = makeShelf
    func makeFront() -> TestScreen { TestScreen("front") }
    func makeShelf() -> ShelfCoordinator { ShelfCoordinator() }
}

@Suite struct TypedGuardTests {
    @Test func anAttemptMatchesItsOwnRouteAndGivesItsInputTyped() throws {
        let shelf = ShelfCoordinator()
        let attempt = NavigationAttempt(to: \.retired, 7, of: shelf, origin: .path("/shelf/retired/7"))
        #expect(attempt.targets(\.retired))
        #expect(!attempt.targets(\.item))
        #expect(attempt.input(for: \.retired) == 7)
        #expect(attempt.input(for: \.item) == nil)
        #expect(attempt.kind == .route(.push))
        #expect(attempt.description == "retired")
        #expect(NavigationAttempt(to: \.list, of: shelf).kind == .root)
    }

    @Test func aRedirectToARouteWithInputLeadsUnderTheGuardedCoordinatorsOwnPath() async throws {
        let tree = NavigationTree(root: ShopTabs())
        #expect(try await tree.apply(path: "/shelf/retired/3") == .redirected(to: "/shelf/item/103", resumes: true))
        #expect(tree.path == "/front")
        #expect(tree.pendingPath == "/shelf/retired/3")
        #expect(try await tree.apply(path: "/shelf/item/103") == .applied(path: "/shelf/item/103"))
    }

    @Test func anOperationThatIsRedirectedFailsWithTheTypedTargetsPath() async throws {
        let tabs = ShopTabs()
        let tree = NavigationTree(root: tabs)
        let shelf = try await tabs.focusFirst(\.shelf)
        await #expect(throws: NavigationError.redirect(to: "/shelf/item/104")) {
            _ = try await shelf.route(to: \.retired, 4)
        }
        #expect(tree.path == "/shelf")
    }

    @Test func stayKeepsTheCurrentPageAndRemembersNothing() async throws {
        let tabs = ShopTabs()
        let tree = NavigationTree(root: tabs)
        try await tabs.focusFirst(\.shelf).route(to: \.item, 1)
        #expect(try await tree.apply(path: "/shelf/staff") == .redirected(to: "/shelf/item/1", resumes: false))
        #expect(tree.pendingPath == nil)
        #expect(tree.path == "/shelf/item/1")
    }

    @Test func aPathGivenAsTextIsKeptAsWritten() async throws {
        let tree = NavigationTree(root: ShopTabs())
        #expect(try await tree.apply(path: "/shelf/help") == .redirected(to: "/about", resumes: true))
    }

    @Test func decisionsCompareByRouteAndInput() {
        typealias Decision = GuardDecision<ShelfCoordinator>
        #expect(Decision.redirect(to: \.item, 3) == .redirect(to: \.item, 3))
        #expect(Decision.redirect(to: \.item, 3) != .redirect(to: \.item, 4))
        #expect(Decision.redirect(to: \.item, 3) != .redirect(to: \.retired, 3))
        #expect(Decision.redirect(to: \.list) != .redirect(to: \.list, resume: false))
        #expect(Decision.stay != .allow)
    }
}
