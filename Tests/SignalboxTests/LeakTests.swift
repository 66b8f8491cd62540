import Signalbox
import Testing

@Suite struct LeakTests {
    @Test func poppedScreensAndCoordinatorsAreReleased() throws {
        let (tree, app) = makeTree()
        let items = try app.root(\.member, User(name: "a")).focusFirst(\.items).child
        weak var screen: TestScreen?
        weak var wizard: WizardCoordinator?
        do {
            try items.route(to: \.item, 1)
            screen = tree.branch.last?.screen as? TestScreen
            wizard = try items.route(to: \.wizard)
        }
        #expect(screen != nil && wizard != nil)
        items.popToRoot()
        #expect(screen == nil)
        #expect(wizard == nil)
    }

    @Test func aDismissedCoordinatorIsReleased() throws {
        let (_, app) = makeTree()
        weak var signup: SignupCoordinator?
        do {
            let child = try app.node(GuestCoordinator.self).route(to: \.signup)
            try child.route(to: \.password, "x")
            signup = child
            try child.dismissCoordinator()
        }
        #expect(signup == nil)
    }

    @Test func aRootSwitchReleasesTheOldRootAndEveryTab() throws {
        let (_, app) = makeTree()
        weak var tabs: MemberTabs?
        weak var lab: LabCoordinator?
        weak var items: ItemsCoordinator?
        do {
            let member = try app.root(\.member, User(name: "a"))
            tabs = member
            lab = try member.focusFirst(\.lab)
            items = try member.focusFirst(\.items).child
            try items?.route(to: \.pick)
        }
        try app.root(\.guest)
        #expect(tabs == nil)
        #expect(lab == nil)
        #expect(items == nil)
    }

    @Test func aTabResetReleasesWhatWasPushed() throws {
        let (tree, app) = makeTree()
        weak var nested: LabCoordinator?
        do {
            let lab = try app.root(\.member, User(name: "a")).focusFirst(\.lab)
            nested = try lab.route(to: \.nested)
        }
        try tree.selectTab(named: "lab")
        #expect(nested == nil)
    }

    @Test func aDroppedTreeReleasesEverything() throws {
        weak var app: AppCoordinator?
        weak var items: ItemsCoordinator?
        do {
            let (tree, root) = makeTree()
            app = root
            items = try root.root(\.member, User(name: "a")).focusFirst(\.items).child
            try tree.apply(path: "/member/items/item/1/pick")
        }
        #expect(app == nil)
        #expect(items == nil)
    }
}
