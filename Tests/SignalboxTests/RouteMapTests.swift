import Foundation
import Signalbox
import Testing

@Suite struct RouteMapTests {
    static func listing(_ map: RouteMap) -> Set<String> {
        Set(map.routes.map { "\($0.coordinator).\($0.name) \($0.kind) \($0.pattern) → \($0.output)" })
    }

    @Test func listsEveryRouteOnceWithTheShortestPatternThatShowsIt() {
        let (tree, _) = makeTree()
        let map = RouteMap(tree: tree)
        #expect(
            Self.listing(map) == [
                "AppCoordinator.guest root /guest → GuestCoordinator",
                "AppCoordinator.member root /member → MemberTabs",
                // The root is a navigation coordinator: the parent's own stack follows `~`.
                "AppCoordinator.about modal /guest/~/about → TestScreen",
                "GuestCoordinator.login root /guest → TestScreen",
                "GuestCoordinator.signup push /guest/signup → SignupCoordinator",
                "GuestCoordinator.terms modalNonDismissible /guest/terms → TestScreen",
                "SignupCoordinator.name root /guest/signup → TestScreen",
                "SignupCoordinator.password push /guest/signup/password/{String} → TestScreen",
                "MemberTabs.home tab /member/home → TestScreen",
                "MemberTabs.items tab /member/items → WrapperCoordinator<ItemsCoordinator>",
                "MemberTabs.lab tab /member/lab → LabCoordinator",
                "ItemsCoordinator.list root /member/items → TestScreen",
                "ItemsCoordinator.item push /member/items/item/{Int} → TestScreen",
                "ItemsCoordinator.create modal /member/items/create → TestScreen",
                "ItemsCoordinator.pick modal /member/items/pick → TestScreen",
                "ItemsCoordinator.wizard fullScreen /member/items/wizard → WizardCoordinator",
                "ItemsCoordinator.n push /member/items/n/{String} → TestScreen",
                "ItemsCoordinator.filter push /member/items/filter/{ItemFilter} → TestScreen",
                "ItemsCoordinator.cell push /member/items/cell/{Int}/{String} → TestScreen",
                "WizardCoordinator.step1 root /member/items/wizard → TestScreen",
                "WizardCoordinator.step2 push /member/items/wizard/step2 → TestScreen",
                // A coordinator type reached again (nested labs) is listed once.
                "LabCoordinator.bench root /member/lab → TestScreen",
                "LabCoordinator.screen push /member/lab/screen → TestScreen",
                "LabCoordinator.sheet modal /member/lab/sheet → TestScreen",
                "LabCoordinator.nested push /member/lab/nested → LabCoordinator",
                "LabCoordinator.nestedModal modal /member/lab/nestedModal → LabCoordinator",
            ]
        )
        #expect(map.routes.count == 26)
        let cell = map.routes.first { $0.name == "cell" }
        #expect(cell?.inputTypes == ["Int", "String"])
        #expect(map.routes.first { $0.name == "about" }?.inputTypes == [])
        // Breadth first: the root's routes come before its children's.
        #expect(map.routes.prefix(3).allSatisfy { $0.coordinator == "AppCoordinator" })
    }

    /// Every pattern, filled with a valid input, is a path a tree applies as it is (canonical),
    /// and shows the route the map says; a coordinator's pattern leads to its first screen.
    @Test func everyPatternFilledInIsACanonicalPathOfTheTree() async throws {
        let (fresh, _) = makeTree()
        let samples = ["Int": "7", "String": "x", "ItemFilter": "(sort=title,tags=(),text=milk)"]
        for route in RouteMap(tree: fresh).routes {
            let path =
                "/"
                + route.segments.map { segment in
                    if case .input(_, let type) = segment { return samples[type, default: "?"] }
                    return segment.description
                }.joined(separator: "/")
            let (tree, app) = makeTree()
            if path.hasPrefix("/member") { try await app.root(\.member, User(name: "ann")) }
            try await tree.apply(path: path)
            let top = tree.activeBranch.topScreen
            if route.output == "TestScreen" {
                #expect(tree.path == path, "\(route.coordinator).\(route.name)")
                #expect(top?.path == path)
            } else {
                // A coordinator shows its first screen: a tab coordinator adds its tab's name.
                #expect(tree.path.hasPrefix(path), "\(route.coordinator).\(route.name): \(tree.path)")
            }
            if case .presented = route.kind, route.output == "TestScreen" { #expect(top?.route == route.name) }
        }
    }

    @Test func aTabOpenedPerInputIsListedWithItsInputAndItsFlowBelowIt() async throws {
        let map = RouteMap(root: WorkspaceTabs())
        #expect(
            Self.listing(map) == [
                "WorkspaceTabs.home tab /home → TestScreen",
                "WorkspaceTabs.project tab (opened per input) /project/{Int} → ProjectFlow",
                "ProjectFlow.overview root /project/{Int} → TestScreen",
                "ProjectFlow.task push /project/{Int}/task/{Int} → TestScreen",
            ]
        )
        // Filled in, the pattern is the tab's path once the tab is open.
        let tabs = WorkspaceTabs()
        let tree = NavigationTree(root: tabs)
        try await tabs.openTab(\.project, 3)
        try await tree.apply(path: "/project/3/task/4")
        #expect(tree.path == "/project/3/task/4")
    }

    @Test func aUUIDInputIsSampledSoItsCoordinatorsRoutesAreListed() {
        #expect(
            Self.listing(RouteMap(root: DocumentParent())) == [
                "DocumentParent.start root / → TestScreen",
                "DocumentParent.document push /document/{UUID} → WizardCoordinator",
                "WizardCoordinator.step1 root /document/{UUID} → TestScreen",
                "WizardCoordinator.step2 push /document/{UUID}/step2 → TestScreen",
            ]
        )
    }

    /// A coordinator type reached by a long pattern first and a short one later is listed at
    /// the short one.
    @Test func eachTypeIsListedAtItsShortestPattern() async throws {
        let map = RouteMap(root: ShortcutRoot())
        #expect(map.routes.first { $0.coordinator == "LabCoordinator" && $0.name == "bench" }?.pattern == "/lab")
        // (The root's tab shows a screen, so its own stack follows without a `~`.)
        #expect(map.routes.first { $0.name == "deep" }?.pattern == "/a/deep")
        let tree = NavigationTree(root: ShortcutRoot())
        try await tree.apply(path: "/a/deep")
        #expect(tree.path == "/a/deep")
    }

    @Test func aRouteWhoseInputHasNoSampleIsListedWithoutItsChildsRoutes() {
        let map = RouteMap(root: PickyParent())
        #expect(
            Self.listing(map) == [
                "PickyParent.start root / → TestScreen",
                "PickyParent.child push /child/{Mode} → WizardCoordinator",
            ]
        )
    }
}

/// A route whose input type accepts no plain sample (an enum read from a string).
final class PickyParent: NavigationCoordinatable {
    enum Mode: String, Codable, Sendable { case fast, slow }
    let stack = NavigationStack(initial: \PickyParent.start)
    @Root var start = makeStart
    @Route(.push) var child = makeChild
    func makeStart() -> TestScreen { TestScreen("start") }
    func makeChild(_ mode: Mode) -> WizardCoordinator { WizardCoordinator() }
}

final class DocumentParent: NavigationCoordinatable {
    let stack = NavigationStack(initial: \DocumentParent.start)
    @Root var start = makeStart
    @Route(.push) var document = makeDocument
    func makeStart() -> TestScreen { TestScreen("start") }
    func makeDocument(_ id: UUID) -> WizardCoordinator { WizardCoordinator() }
}

/// Its root is a tab coordinator with a `lab` tab; its own stack reaches the same type deeper.
final class ShortcutRoot: NavigationCoordinatable {
    let stack = NavigationStack(initial: \ShortcutRoot.tabs)
    @Root var tabs = makeTabs
    @Route(.push) var deep = makeDeep
    func makeTabs() -> ShortcutTabs { ShortcutTabs() }
    func makeDeep() -> LabCoordinator { LabCoordinator() }
}

final class ShortcutTabs: TabCoordinatable {
    let child = TabChild(startingItems: [\ShortcutTabs.a, \.lab])
    @Route(tab: "A") var a = makeA
    @Route(tab: "Lab") var lab = makeLab
    func makeA() -> TestScreen { TestScreen("a") }
    func makeLab() -> LabCoordinator { LabCoordinator() }
}
