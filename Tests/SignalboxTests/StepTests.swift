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
    func handle(deepLink: any DeepLink) throws -> Bool {
        guard let link = deepLink as? OpenItem else { return false }
        try self.popToRoot().route(to: \.item, link.id)
        return true
    }
}

final class LinkedRoot: NavigationCoordinatable {
    let stack = NavigationStack(initial: \LinkedRoot.items)
    @Root var items = makeItems
    func makeItems() -> LinkedItems { LinkedItems() }
}

@Suite struct StepTests {
    @Test func aStepIsHandledByTheFirstCoordinatorUpTheTreeThatWantsIt() throws {
        let (tree, app) = makeTree()
        let tabs = try app.root(\.member, User(name: "a"))
        try tabs.focusFirst(\.items).child.route(to: \.item, 1)
        #expect(try tree.submit(["action": "step"]) == .accepted)
        #expect(app.handledSteps == [.ping])
    }

    @Test func aHandlerCanNavigate() throws {
        let (tree, app) = makeTree()
        try app.root(\.member, User(name: "a"))
        _ = try tree.submit(["action": "logout"])
        #expect(tree.path == "/guest")
    }

    @Test func aStepNobodyHandlesIsReportedNotDropped() throws {
        let (tree, _) = makeTree()
        #expect {
            try tree.submit(["action": "unknownStep"])
        } throws: { error in
            guard case .unhandledStep(let step) = error as? NavigationError else { return false }
            return step.contains("UnknownStep")
        }
    }

    @Test func aDeepLinkTravelsDownTheActiveBranchToTheCoordinatorThatHandlesIt() throws {
        let tree = NavigationTree(root: LinkedRoot())
        try tree.deliver(OpenItem(id: 7))
        #expect(tree.path == "/item/7")
    }

    @Test func anUnhandledDeepLinkIsAnError() throws {
        let tree = NavigationTree(root: LinkedApp())
        #expect(throws: NavigationError.unhandledDeepLink(link: "item 1")) { try tree.deliver(OpenItem(id: 1)) }
    }

    @Test func aFormTheScreenRefusesIsAnInvalidSubmission() throws {
        let (tree, _) = makeTree()
        let result = try tree.submit(["action": "???"])
        #expect(result == .invalid("Unknown action", fields: ["action": "required"]))
    }
}
