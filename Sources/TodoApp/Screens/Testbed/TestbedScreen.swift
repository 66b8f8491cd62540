import Signalbox

/// A testbed page: where it sits (nesting level, entries in its stack, screens on the active
/// branch) and buttons for every operation. Routing buttons post to the web layer's `/_nav/*`
/// endpoints; dismissing a nested testbed posts `action=dismissCoordinator` here, and
/// `action=notices` leaves one notice of each kind for the next page (how each one looks).
struct TestbedScreen: Screen {
    /// How the screen came to be on the stack.
    enum Kind: String {
        case start
        case pushed
        case presented
    }

    let kind: Kind
    private weak var coordinator: TestbedCoordinator?
    private let level: Int

    init(kind: Kind, coordinator: TestbedCoordinator) {
        self.kind = kind
        self.coordinator = coordinator
        self.level = coordinator.level
    }

    var template: String { "testbed/testbed" }
    /// Shows only where it sits in the tree, which the navigation state covers.
    var dataVersion: String? { "" }
    var title: String {
        switch self.kind {
        case .start: self.level == 1 ? "Testbed" : "Testbed \(self.level)"
        case .pushed: "Pushed screen"
        case .presented: "Presented screen"
        }
    }
    /// Coming back from a screen or testbed this one opened: the button that opened it (its
    /// `id` as the template spells it).
    func returnFocusID(for child: ReturnedChild) -> String? {
        "testbed-\(self.level)-\(self.coordinator?.stack.count ?? 0)-\(self.kind.rawValue)-\(child.route)"
    }

    var viewModel: ViewModel {
        let coordinator = self.coordinator
        return [
            "kind": .string(self.kind.rawValue),
            "isStart": .bool(self.kind == .start),
            "level": .int(self.level),
            "stackCount": .int(coordinator?.stack.count ?? 0),
            "depth": .int(coordinator?.tree?.depth ?? 0),
            "isAtRoot": .bool(coordinator?.stack.isAtRoot ?? true),
            "canDismiss": .bool(coordinator?.router.canDismiss ?? false),
        ]
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        switch form["action"] {
        case "dismissCoordinator":
            try await context.coordinator.dismissCoordinator()
        case "popToRoot":
            try await context.router(TestbedCoordinator.self).popToRoot()
        case "notices":
            for kind in Notice.Kind.allCases { context.notify(kind, "A notice of the kind “\(kind.rawValue)”.") }
        default:
            return .invalid("Unknown action.", fields: ["action": "Use dismissCoordinator, popToRoot or notices."])
        }
        return .accepted
    }
}
