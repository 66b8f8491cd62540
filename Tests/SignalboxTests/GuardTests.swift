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

    func guardNavigation(_ attempt: NavigationAttempt) async throws -> GuardDecision {
        switch attempt.route {
        case "admin" where !self.isAdmin: .redirect(to: "/")
        case "vault": .refuse("the vault is closed")
        default: .allow
        }
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
    func guardNavigation(_ attempt: NavigationAttempt) async throws -> GuardDecision {
        attempt.route == "login" ? .redirect(to: "/", resume: false) : .allow
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
    func guardNavigation(_ attempt: NavigationAttempt) async throws -> GuardDecision {
        if attempt.route == "item", let id = attempt.input as? Int, !self.existing.contains(id) {
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
