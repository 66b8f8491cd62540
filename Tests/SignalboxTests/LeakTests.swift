import Signalbox
import Testing

@Suite struct LeakTests {
    @Test func poppedScreensAndCoordinatorsAreReleased() async throws {
        let (tree, app) = makeTree()
        let items = try await app.root(\.member, User(name: "a")).focusFirst(\.items).child
        weak var screen: TestScreen?
        weak var wizard: WizardCoordinator?
        do {
            try await items.route(to: \.item, 1)
            screen = tree.branch.last?.screen as? TestScreen
            wizard = try await items.route(to: \.wizard)
        }
        #expect(screen != nil && wizard != nil)
        try await items.popToRoot()
        #expect(screen == nil)
        #expect(wizard == nil)
    }

    @Test func aDismissedCoordinatorIsReleased() async throws {
        let (_, app) = makeTree()
        weak var signup: SignupCoordinator?
        do {
            let child = try await app.node(GuestCoordinator.self).route(to: \.signup)
            try await child.route(to: \.password, "x")
            signup = child
            try await child.dismissCoordinator()
        }
        #expect(signup == nil)
    }

    @Test func aRootSwitchReleasesTheOldRootAndEveryTab() async throws {
        let (_, app) = makeTree()
        weak var tabs: MemberTabs?
        weak var lab: LabCoordinator?
        weak var items: ItemsCoordinator?
        do {
            let member = try await app.root(\.member, User(name: "a"))
            tabs = member
            lab = try await member.focusFirst(\.lab)
            items = try await member.focusFirst(\.items).child
            try await items?.route(to: \.pick)
        }
        try await app.root(\.guest)
        #expect(tabs == nil)
        #expect(lab == nil)
        #expect(items == nil)
    }

    @Test func aTabResetReleasesWhatWasPushed() async throws {
        let (tree, app) = makeTree()
        weak var nested: LabCoordinator?
        do {
            let lab = try await app.root(\.member, User(name: "a")).focusFirst(\.lab)
            nested = try await lab.route(to: \.nested)
        }
        try await tree.selectTab(named: "lab")
        #expect(nested == nil)
    }

    @Test func aDroppedTreeReleasesEverything() async throws {
        weak var app: AppCoordinator?
        weak var items: ItemsCoordinator?
        do {
            let (tree, root) = makeTree()
            app = root
            items = try await root.root(\.member, User(name: "a")).focusFirst(\.items).child
            try await tree.apply(path: "/member/items/item/1/pick")
        }
        #expect(app == nil)
        #expect(items == nil)
    }
}
