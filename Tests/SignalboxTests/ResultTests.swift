import Signalbox
import Testing

@Suite struct ResultTests {
    private func items() throws -> (NavigationTree, ItemsCoordinator) {
        let (tree, app) = makeTree()
        let tabs = try app.root(\.member, User(name: "ann"))
        return (tree, try tabs.focusFirst(\.items).child)
    }

    @Test func aPresentedScreenAnswersItsPresenterWithATypedValue() throws {
        let (tree, items) = try self.items()
        try items.route(to: \.item, 3).route(to: \.pick)
        #expect(try tree.submit(["action": "finish", "value": "Garden"]) == .accepted)
        #expect(items.picked == [.finished("Garden")])
        #expect(tree.path == "/member/items/item/3")
    }

    @Test(arguments: ["pop", "back", "root", "dismiss"])
    func aFlowLeftWithoutAnAnswerIsCancelled(_ how: String) throws {
        let (tree, items) = try self.items()
        try items.route(to: \.item, 3).route(to: \.pick)
        switch how {
        case "pop": try items.popLast()
        case "back": try tree.apply(path: "/member/items/item/3")
        case "root": try tree.root(as: AppCoordinator.self)!.root(\.guest)
        default: try tree.dismissTopPresentation()
        }
        #expect(items.picked == [.cancelled])
    }

    @Test func aChildCoordinatorAnswersFromAnyOfItsScreens() throws {
        let (tree, items) = try self.items()
        let wizard = try items.route(to: \.wizard)
        try wizard.route(to: \.step2)
        #expect(tree.path == "/member/items/wizard/step2")
        #expect(try tree.submit(["action": "finish", "int": "42"]) == .accepted)
        #expect(items.wizardResults == [.finished(42)])
        #expect(wizard.isDismissed)
        #expect(tree.path == "/member/items")
    }

    @Test func aValueOfTheWrongTypeIsRefusedAndChangesNothing() throws {
        let (tree, items) = try self.items()
        try items.route(to: \.wizard)
        #expect {
            try tree.submit(["action": "finish", "value": "not an int"])
        } throws: { error in
            guard case .resultTypeMismatch(let route, let expected, _) = error as? NavigationError else { return false }
            return route == "wizard" && expected == "Swift.Int"
        }
        #expect(tree.path == "/member/items/wizard")
        #expect(items.wizardResults.isEmpty)
    }

    @Test func finishingWhereNoRouteExpectsAResultIsAnError() throws {
        let (tree, items) = try self.items()
        try items.route(to: \.item, 1)
        #expect(throws: NavigationError.noResultExpected(screen: "ItemsCoordinator")) {
            try tree.submit(["action": "finish", "value": "x"])
        }
    }

    @Test func aResultIsDeliveredOnce() throws {
        let (tree, items) = try self.items()
        try items.route(to: \.pick)
        _ = try tree.submit(["action": "finish", "value": "A"])
        try items.route(to: \.item, 1)
        items.popToRoot()
        #expect(items.picked == [.finished("A")])
    }
}
