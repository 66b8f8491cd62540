import Signalbox
import Testing

struct OpenItem: DeepLink, CustomStringConvertible {
    var id: Int
    var description: String { "item \(self.id)" }
}

final class LinkedApp: NavigationCoordinatable, Deeplinkable {
    let stack = NavigationStack(initial: \LinkedApp.items)
    @Root var items = makeItems
    func makeItems() -> ItemsCoordinator { ItemsCoordinator() }
}

final class LinkedItems: NavigationCoordinatable, Deeplinkable {
    let stack = NavigationStack(initial: \LinkedItems.list)
    @Root var list = makeList
    @Route(.push) var item = makeItem
    func makeList() -> TestScreen { TestScreen("list") }
    func makeItem(id: Int) -> TestScreen { TestScreen("item", input: String(id)) }
    func handle(deepLink: any DeepLink) async throws -> Bool {
        guard let link = deepLink as? OpenItem else { return false }
        try await self.popToRoot().route(to: \.item, link.id)
        return true
    }
}

final class LinkedRoot: NavigationCoordinatable {
    let stack = NavigationStack(initial: \LinkedRoot.items)
    @Root var items = makeItems
    func makeItems() -> LinkedItems { LinkedItems() }
}

@Suite struct StepTests {
    @Test func aStepIsHandledByTheFirstCoordinatorUpTheTreeThatWantsIt() async throws {
        let (tree, app) = makeTree()
        let tabs = try await app.root(\.member, User(name: "a"))
        try await tabs.focusFirst(\.items).child.route(to: \.item, 1)
        #expect(try await tree.submit(["action": "step"]) == .accepted)
        #expect(app.handledSteps == [.ping])
    }

    @Test func aHandlerCanNavigate() async throws {
        let (tree, app) = makeTree()
        try await app.root(\.member, User(name: "a"))
        _ = try await tree.submit(["action": "logout"])
        #expect(tree.path == "/guest")
    }

    @Test func aStepNobodyHandlesIsReportedNotDropped() async throws {
        let (tree, _) = makeTree()
        await #expect {
            try await tree.submit(["action": "unknownStep"])
        } throws: { error in
            guard case .unhandledStep(let step) = error as? NavigationError else { return false }
            return step.contains("UnknownStep")
        }
    }

    @Test func aDeepLinkTravelsDownTheActiveBranchToTheCoordinatorThatHandlesIt() async throws {
        let tree = NavigationTree(root: LinkedRoot())
        try await tree.deliver(OpenItem(id: 7))
        #expect(tree.path == "/item/7")
    }

    @Test func anUnhandledDeepLinkIsAnError() async throws {
        let tree = NavigationTree(root: LinkedApp())
        await #expect(throws: NavigationError.unhandledDeepLink(link: "item 1")) {
            _ = try await tree.deliver(OpenItem(id: 1))
        }
    }

    @Test func aFormTheScreenRefusesIsAnInvalidSubmission() async throws {
        let (tree, _) = makeTree()
        let result = try await tree.submit(["action": "???"])
        #expect(result == .invalid("Unknown action", fields: ["action": "required"]))
    }
}
