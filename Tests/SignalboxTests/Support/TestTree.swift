import Signalbox

// A small app exercising every feature: roots with and without input, tabs, pushes, modals,
// full-screen, child coordinators (nested, recursive), wrappers, results and steps.

final class TestScreen: Screen, Answering {
    typealias Answer = String
    let name: String
    let input: String?
    init(_ name: String, input: String? = nil) {
        self.name = name
        self.input = input
    }
    var template: String { "test/\(self.name)" }
    var title: String { self.input.map { "\(self.name) \($0)" } ?? self.name }
    var viewModel: ViewModel { ["name": .string(self.name)] }

    /// `action=finish&value=…` answers the flow (`int=…` for an Int), `action=dismiss` dismisses
    /// the coordinator, `action=step` sends ``TestStep/ping``, `action=invalid` fails validation.
    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        switch form["action"] {
        case "finish":
            if let int = form["int"].flatMap(Int.init) {
                try await context.coordinator(WizardCoordinator.self).finish(with: int)
            } else {
                try await self.finish(with: form["value"] ?? "", context: context)
            }
        case "dismiss":
            try await context.coordinator.dismissCoordinator()
        case "step":
            try await context.send(TestStep.ping)
        case "logout":
            try await context.send(TestStep.logout)
        case "unknownStep":
            try await context.send(UnknownStep())
        default:
            return .invalid("Unknown action", fields: ["action": "required"])
        }
        return .accepted
    }
}

struct UnknownStep: Step {}

struct User: Codable, Equatable, Sendable {
    var name: String
}

enum TestStep: Step, Equatable {
    case ping
    case logout
}

final class AppCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \AppCoordinator.guest)
    @Root var guest = makeGuest
    @Root var member = makeMember
    @Route(.modal) var about = makeAbout
    var loggedInUser: User?
    var handledSteps: [TestStep] = []

    func makeGuest() -> GuestCoordinator { GuestCoordinator() }
    func makeMember(user: User) -> MemberTabs { MemberTabs(user: user) }
    func makeAbout() -> TestScreen { TestScreen("about") }

    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        if attempt.targets(\.member), attempt.input(for: \.member) == nil, case .path = attempt.origin {
            return .redirect(to: \.guest)
        }
        return .allow
    }

    func handle(_ step: any Step) async throws -> Bool {
        guard let step = step as? TestStep else { return false }
        self.handledSteps.append(step)
        if step == .logout { try await self.root(\.guest) }
        return true
    }
}

final class GuestCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \GuestCoordinator.login)
    @Root var login = makeLogin
    @Route(.push) var signup = makeSignup
    @Route(.modal(dismissible: false)) var terms = makeTerms

    func makeLogin() -> TestScreen { TestScreen("login") }
    func makeSignup() -> SignupCoordinator { SignupCoordinator() }
    func makeTerms() -> TestScreen { TestScreen("terms") }
}

final class SignupCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \SignupCoordinator.name)
    @Root var name = makeName
    @Route(.push) var password = makePassword
    func makeName() -> TestScreen { TestScreen("name") }
    func makePassword(username: String) -> TestScreen { TestScreen("password", input: username) }
}

final class MemberTabs: TabCoordinatable {
    let child = TabChild(startingItems: [\MemberTabs.home, \.items, \.lab])
    let user: User
    @Route(tab: "Home", icon: "house") var home = makeHome
    @Route(tab: "Items", icon: "list") var items = makeItems
    @Route(tab: "Lab", onReselect: .popToRoot) var lab = makeLab

    init(user: User) { self.user = user }
    func makeHome() -> TestScreen { TestScreen("home") }
    func makeItems() -> WrapperCoordinator<ItemsCoordinator> {
        WrapperCoordinator(ItemsCoordinator(), template: "wrappers/card")
    }
    func makeLab() -> LabCoordinator { LabCoordinator() }
}

final class ItemsCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \ItemsCoordinator.list)
    @Root var list = makeList
    @Route(.push) var item = makeItem
    @Route(.modal) var create = makeCreate
    @Route(.modal, onResult: didPick) var pick = makePick
    @Route(.fullScreen, onResult: didFinishWizard) var wizard = makeWizard
    @Route(.push, segment: "n") var note = makeNote
    @Route(.push) var filter = makeFilter
    @Route(.push) var cell = makeCell
    var picked: [RouteResult<String>] = []
    var wizardResults: [RouteResult<Int>] = []

    func makeList() -> TestScreen { TestScreen("list") }
    func makeItem(id: Int) -> TestScreen { TestScreen("item", input: String(id)) }
    func makeCreate() -> TestScreen { TestScreen("create") }
    func makePick() -> TestScreen { TestScreen("pick") }
    func makeWizard() -> WizardCoordinator { WizardCoordinator() }
    func makeNote(text: String) -> TestScreen { TestScreen("note", input: text) }
    func makeFilter(_ filter: ItemFilter) -> TestScreen { TestScreen("filter", input: "\(filter)") }
    func makeCell(row: Int, column: String) -> TestScreen { TestScreen("cell", input: "\(row):\(column)") }
    func didPick(_ result: RouteResult<String>) { self.picked.append(result) }
    func didFinishWizard(_ result: RouteResult<Int>) { self.wizardResults.append(result) }
}

/// A structured route input: a record with a list, an optional and a nested enum.
struct ItemFilter: Codable, Hashable, Sendable {
    enum Sort: String, Codable, Sendable { case title, due }
    var text: String
    var tags: [String] = []
    var done: Bool?
    var sort: Sort = .title
}

final class WizardCoordinator: NavigationCoordinatable, Answering {
    typealias Answer = Int
    let stack = NavigationStack(initial: \WizardCoordinator.step1)
    @Root var step1 = makeStep1
    @Route(.push) var step2 = makeStep2
    func makeStep1() -> TestScreen { TestScreen("step1") }
    func makeStep2() -> TestScreen { TestScreen("step2") }
}

/// Recursive: presents and pushes itself.
final class LabCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \LabCoordinator.bench)
    @Root var bench = makeBench
    @Route(.push) var screen = makeScreen
    @Route(.modal) var sheet = makeSheet
    @Route(.push) var nested = makeNested
    @Route(.modal) var nestedModal = makeNested
    func makeBench() -> TestScreen { TestScreen("bench") }
    func makeScreen() -> TestScreen { TestScreen("screen") }
    func makeSheet() -> TestScreen { TestScreen("sheet") }
    func makeNested() -> LabCoordinator { LabCoordinator() }
}

func makeTree(maxDepth: Int = 64) -> (NavigationTree, AppCoordinator) {
    let app = AppCoordinator()
    return (NavigationTree(root: app, configuration: .init(maxDepth: maxDepth)), app)
}
