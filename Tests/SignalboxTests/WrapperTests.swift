import Signalbox
import Testing

// Wrappers that add behaviour (WrapperCoordinatable) and a type-erased coordinator for a route
// whose factory picks the coordinator (AnyCoordinator).

/// A wrapper of the app's own: frames its child and watches the steps the child sends up.
final class AuditedSignup: WrapperCoordinatable {
    let wrapped = WrappedChild(SignupCoordinator(), template: "wrappers/audit", viewModel: ["tone": "quiet"])
    var seen: [String] = []

    func handle(_ step: any Step) async throws -> Bool {
        self.seen.append("\(step)")
        return step as? TestStep == .ping  // pings stop here; anything else travels on
    }
}

final class WrapperHost: NavigationCoordinatable {
    let stack = NavigationStack(initial: \WrapperHost.start)
    @Root var start = makeStart
    @Route(.push) var signup = makeSignup
    @Route(.push) var detail = makeDetail
    var handled: [String] = []

    func makeStart() -> TestScreen { TestScreen("start") }
    func makeSignup() -> AuditedSignup { AuditedSignup() }
    /// Even ids get a wizard, odd ones a signup flow: the output type follows the input alone.
    func makeDetail(id: Int) -> AnyCoordinator {
        id.isMultiple(of: 2) ? AnyCoordinator(WizardCoordinator()) : AnyCoordinator(SignupCoordinator())
    }

    func handle(_ step: any Step) async throws -> Bool {
        self.handled.append("\(step)")
        return true
    }
}

@Suite struct WrapperTests {
    @Test func aWrapperOfTheAppsOwnFramesItsChildAndSeesItsStepsFirst() async throws {
        let host = WrapperHost()
        let tree = NavigationTree(root: host)
        let audited = try await host.route(to: \.signup)
        try await audited.child.route(to: \.password, "x")
        #expect(tree.path == "/signup/password/x")
        #expect(tree.activeBranch.screens.last?.wrappers.map(\.template) == ["wrappers/audit"])
        #expect(audited.template == "wrappers/audit")
        try await tree.send(TestStep.ping)
        try await tree.send(TestStep.logout)
        #expect(audited.seen == ["ping", "logout"])
        #expect(host.handled == ["logout"])
        // It is a wrapper like the ready-made one: it dismisses, snapshots and restores.
        let copyHost = WrapperHost()
        let copy = NavigationTree(root: copyHost)
        try await copy.restore(try tree.snapshot())
        #expect(copy.path == "/signup/password/x")
        try await audited.dismissCoordinator()
        #expect(tree.path == "/")
    }

    @Test func anAnyCoordinatorRouteContinuesThroughItsBaseAndAddsNothingToPaths() async throws {
        let host = WrapperHost()
        let tree = NavigationTree(root: host)
        let even = try await host.route(to: \.detail, 2)
        let wizard = try #require(even.base as? WizardCoordinator)
        try await wizard.route(to: \.step2)
        #expect(tree.path == "/detail/2/step2")
        try await host.popToRoot()
        let odd = try await host.route(to: \.detail, 3)
        #expect(odd.base is SignupCoordinator)
        try await tree.apply(path: "/detail/3/password/y")
        #expect(tree.path == "/detail/3/password/y")
        // Rebuilt from a path and restored from a snapshot: the factory picks the same type again.
        let (copyHost, copyTree) = {
            let h = WrapperHost()
            return (h, NavigationTree(root: h))
        }()
        try await copyTree.apply(path: "/detail/2/step2")
        #expect(copyTree.path == "/detail/2/step2")
        try await copyTree.restore(try tree.snapshot())
        #expect(copyTree.path == "/detail/3/password/y")
        withExtendedLifetime(copyHost) {}
    }
}

/// A navigation coordinator that frames its own pages (Stinsen's `customize`), by its state.
final class FramedNotes: NavigationCoordinatable {
    let stack = NavigationStack(initial: \FramedNotes.list)
    @Root var list = makeList
    @Route(.push) var note = makeNote
    @Route(.modal) var help = makeHelp
    @Route(.push) var signup = makeSignup

    func makeList() -> TestScreen { TestScreen("list") }
    func makeNote(id: Int) -> TestScreen { TestScreen("note", input: "\(id)") }
    func makeHelp() -> TestScreen { TestScreen("help") }
    func makeSignup() -> WrapperCoordinator<SignupCoordinator> {
        WrapperCoordinator(SignupCoordinator(), template: "wrappers/inner")
    }

    func customize() -> WrapperCoordinatorInfo? {
        WrapperCoordinatorInfo(template: "frames/notes", viewModel: ["depth": .int(self.stack.count)])
    }
}

@Suite struct CustomizeTests {
    @Test func aCoordinatorsCustomizationFramesEveryPageBelowItOutermostFirst() async throws {
        let notes = FramedNotes()
        let tree = NavigationTree(root: notes)
        #expect(
            tree.activeBranch.screens.map(\.wrappers) == [
                [WrapperCoordinatorInfo(template: "frames/notes", viewModel: ["depth": 0])]
            ]
        )
        try await notes.route(to: \.note, 1).route(to: \.signup).child.route(to: \.password, "x")
        let frames = tree.activeBranch.screens.map { $0.wrappers.map(\.template) }
        #expect(frames.first == ["frames/notes"])
        #expect(frames.last == ["frames/notes", "wrappers/inner"])
        // Asked on every walk: the frame follows the coordinator's state.
        #expect(tree.activeBranch.screens.first?.wrappers.first?.viewModel == ["depth": 2])
    }
}
