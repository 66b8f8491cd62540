import HTTPTypes
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Synchronization

// A small app exercising what the web layer renders: roots with and without input, a guard
// redirect and refusal, tabs, pushes, modals (dismissible or not), full-screen flows, wrappers,
// results, steps, forms that validate, rotate the session id or fail.
// Derived from Tests/SignalboxTests/Support/TestTree.swift.

/// Counters shared by one harness's sessions, for the serialisation test.
final class Probe: Sendable {
    let inside = Atomic<Int>(0)
    let maxInside = Atomic<Int>(0)
    let submissions = Atomic<Int>(0)
}

struct User: Codable, Equatable, Sendable {
    var name: String
}

enum FixtureStep: Step {
    case login(User)
    case logout
}

struct AppFailure: Error {}

struct MissingThing: Error, WebErrorConvertible {
    var webError: WebError { WebError(status: .notFound, code: "thingNotFound", message: "No such thing") }
}

/// A screen that accepts forms: `action` picks what happens.
final class FixtureScreen: Screen, Answering {
    typealias Answer = String
    let name: String
    let input: String?
    /// A count kept by the screen instance (session state), raced on by the serialisation test.
    var count = 0

    init(_ name: String, input: String? = nil) {
        self.name = name
        self.input = input
    }

    var template: String { "test/screen" }
    var title: String { self.input.map { "\(self.name) \($0)" } ?? self.name }
    var viewModel: ViewModel {
        ["name": .string(self.name), "title": .string(self.title), "count": .int(self.count)]
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        switch form["action"] {
        case "login":
            guard let name = form["name"], !name.isEmpty else {
                return .invalid("Who are you?", fields: ["name": "Enter a name"])
            }
            try await context.send(FixtureStep.login(User(name: name)))
            context.service(SessionControl.self)?.rotateID()
            context.service(SessionControl.self)?.establish()
        case "logout":
            try await context.send(FixtureStep.logout)
            context.service(SessionControl.self)?.rotateID()
        case "finish":
            if let int = form["int"].flatMap(Int.init) {
                try await context.coordinator(WizardCoordinator.self).finish(with: int)
            } else {
                try await self.finish(with: form["value"] ?? "", context: context)
            }
        case "dismiss":
            try await context.coordinator.dismissCoordinator()
        case "count":
            try self.countSerially(context)
        case "crash":
            throw AppFailure()
        case "missing":
            throw MissingThing()
        case "push":
            try await context.tree.route(toNamed: form["route"] ?? "", input: form["input"])
        case "pin":
            try await context.router(MemberTabs.self).openTab(\.pinned, form["note"] ?? "")
        case "unpin":
            try await context.router(MemberTabs.self).closeTab(\.pinned, self.input ?? "")
        default:
            return .invalid("Unknown action", fields: ["action": "required"])
        }
        return .accepted
    }

    /// Records how many submissions run at once and bumps `count` non-atomically, slowly enough
    /// that two unserialised requests would overlap and lose an update.
    private func countSerially(_ context: ScreenContext) throws {
        guard let probe = context.tree.root(as: AppCoordinator.self)?.probe else { return }
        let inside = probe.inside.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        probe.maxInside.max(inside)
        let before = self.count
        var spin = 0
        for index in 0..<20_000 { spin &+= index &* 31 }
        self.count = before + 1 + (spin == -1 ? 1 : 0)
        probe.submissions.wrappingAdd(1, ordering: .sequentiallyConsistent)
        probe.inside.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }
}

/// A screen that does not accept forms.
final class StaticScreen: Screen {
    let name: String
    init(_ name: String) { self.name = name }
    var template: String { "test/static" }
    var title: String { self.name }
    var viewModel: ViewModel { ["name": .string(self.name)] }
}

final class AppCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \AppCoordinator.guest)
    @Root var guest = makeGuest
    @Root var member = makeMember
    @Route(.modal) var about = makeAbout
    @Route(.push) var admin = makeAdmin
    let probe: Probe

    init(probe: Probe) { self.probe = probe }

    func makeGuest() -> GuestCoordinator { GuestCoordinator() }
    func makeMember(user: User) -> MemberTabs { MemberTabs(user: user) }
    func makeAbout() -> StaticScreen { StaticScreen("about") }
    func makeAdmin() -> StaticScreen { StaticScreen("admin") }

    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        if attempt.targets(\.member), attempt.input(for: \.member) == nil, case .path = attempt.origin {
            return .redirect(to: \.guest)
        }
        if attempt.targets(\.admin) { return .refuse("admins only") }
        return .allow
    }

    func handle(_ step: any Step) async throws -> Bool {
        switch step as? FixtureStep {
        case .login(let user)?: try await self.root(\.member, user)
        case .logout?: try await self.root(\.guest)
        case nil: return false
        }
        return true
    }
}

final class GuestCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \GuestCoordinator.login)
    @Root var login = makeLogin
    @Route(.push) var signup = makeSignup
    @Route(.modal(dismissible: false)) var terms = makeTerms

    func makeLogin() -> FixtureScreen { FixtureScreen("login") }
    func makeSignup() -> SignupCoordinator { SignupCoordinator() }
    func makeTerms() -> FixtureScreen { FixtureScreen("terms") }
}

final class SignupCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \SignupCoordinator.name)
    @Root var name = makeName
    @Route(.push) var password = makePassword
    func makeName() -> FixtureScreen { FixtureScreen("name") }
    func makePassword(username: String) -> FixtureScreen { FixtureScreen("password", input: username) }
}

final class MemberTabs: TabCoordinatable {
    let child = TabChild(startingItems: [\MemberTabs.home, \.items, \.lab])
    let user: User
    @Route(tab: "Home", icon: "house") var home = makeHome
    @Route(tab: "Items", icon: "list", badge: itemsBadge) var items = makeItems
    @Route(tab: "Lab", onReselect: .popToRoot, onTapped: didTapLab) var lab = makeLab
    /// A dynamic tab per pinned note (opened by the `pin` action).
    @Route(tab: "Pinned", icon: "pin", title: pinnedTitle) var pinned = makePinned
    /// Taps on the Lab tab, as `repeat=… stack=…`.
    var labTaps: [String] = []

    init(user: User) { self.user = user }
    /// A badge from the app's data: here, the user name's length.
    func itemsBadge() async throws -> String? { String(self.user.name.count) }
    func didTapLab(isRepeat: Bool, lab: LabCoordinator) async throws {
        self.labTaps.append("repeat=\(isRepeat) stack=\(lab.stack.count)")
    }
    func makeHome() -> FixtureScreen { FixtureScreen("home") }
    func makeItems() -> WrapperCoordinator<ItemsCoordinator> {
        WrapperCoordinator(ItemsCoordinator(), template: "wrappers/card", viewModel: ["tone": "plain"])
    }
    func makeLab() -> LabCoordinator { LabCoordinator() }
    func makePinned(note: String) -> FixtureScreen { FixtureScreen("pinned", input: note) }
    func pinnedTitle(note: String) async throws -> String { "Pinned: \(note)" }
}

final class ItemsCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \ItemsCoordinator.list)
    @Root var list = makeList
    @Route(.push) var item = makeItem
    @Route(.modal) var create = makeCreate
    @Route(.modal, onResult: didPick) var pick = makePick
    @Route(.fullScreen, onResult: didFinishWizard) var wizard = makeWizard
    @Route(.push, segment: "n") var note = makeNote
    var picked: [RouteResult<String>] = []
    var wizardResults: [RouteResult<Int>] = []

    func makeList() -> FixtureScreen { FixtureScreen("list") }
    func makeItem(id: Int) -> FixtureScreen { FixtureScreen("item", input: String(id)) }
    func makeCreate() -> FixtureScreen { FixtureScreen("create") }
    func makePick() -> FixtureScreen { FixtureScreen("pick") }
    func makeWizard() -> WizardCoordinator { WizardCoordinator() }
    func makeNote(text: String) -> FixtureScreen { FixtureScreen("note", input: text) }
    func didPick(_ result: RouteResult<String>) { self.picked.append(result) }
    func didFinishWizard(_ result: RouteResult<Int>) { self.wizardResults.append(result) }
}

final class WizardCoordinator: NavigationCoordinatable, Answering {
    typealias Answer = Int
    let stack = NavigationStack(initial: \WizardCoordinator.step1)
    @Root var step1 = makeStep1
    @Route(.push) var step2 = makeStep2
    @Route(.modal) var help = makeHelp
    func makeStep1() -> FixtureScreen { FixtureScreen("step1") }
    func makeStep2() -> FixtureScreen { FixtureScreen("step2") }
    func makeHelp() -> FixtureScreen { FixtureScreen("help") }
}

/// Recursive: presents and pushes itself.
final class LabCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \LabCoordinator.bench)
    @Root var bench = makeBench
    @Route(.push) var screen = makeScreen
    @Route(.modal) var sheet = makeSheet
    @Route(.push) var nested = makeNested
    @Route(.modal) var nestedModal = makeNested
    func makeBench() -> FixtureScreen { FixtureScreen("bench") }
    func makeScreen() -> FixtureScreen { FixtureScreen("screen") }
    func makeSheet() -> FixtureScreen { FixtureScreen("sheet") }
    func makeNested() -> LabCoordinator { LabCoordinator() }
}

extension Atomic where Value == Int {
    /// Raises the value to at least `candidate`.
    func max(_ candidate: Int) {
        var current = self.load(ordering: .sequentiallyConsistent)
        while candidate > current {
            let (exchanged, original) = self.compareExchange(
                expected: current,
                desired: candidate,
                ordering: .sequentiallyConsistent
            )
            if exchanged { return }
            current = original
        }
    }
}
