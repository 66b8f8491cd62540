import Signalbox
import Synchronization
import Testing

@Suite struct ResultTests {
    private func items() async throws -> (NavigationTree, ItemsCoordinator) {
        let (tree, app) = makeTree()
        let tabs = try await app.root(\.member, User(name: "ann"))
        return (tree, try await tabs.focusFirst(\.items).child)
    }

    @Test func aPresentedScreenAnswersItsPresenterWithATypedValue() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 3).route(to: \.pick)
        #expect(try await tree.submit(["action": "finish", "value": "Garden"]) == .accepted)
        #expect(items.picked == [.finished("Garden")])
        #expect(tree.path == "/member/items/item/3")
    }

    @Test(arguments: ["pop", "back", "root", "dismiss"])
    func aFlowLeftWithoutAnAnswerIsCancelled(_ how: String) async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 3).route(to: \.pick)
        switch how {
        case "pop": try await items.popLast()
        case "back": try await tree.apply(path: "/member/items/item/3")
        case "root": try await tree.root(as: AppCoordinator.self)!.root(\.guest)
        default: try await tree.dismissTopPresentation()
        }
        #expect(items.picked == [.cancelled])
    }

    @Test func aDeclaredResultHandlerSurvivesARestoreWhereAnOnDismissClosureDoesNot() async throws {
        let (tree, items) = try await self.items()
        final class Flag: Sendable { let raised = Atomic(false) }
        let closure = Flag()
        try await items.route(to: \.item, 3).route(
            to: \.pick,
            onDismiss: { closure.raised.store(true, ordering: .relaxed) }
        )
        // The session is saved and restored (a restart): the declared handler is data, the closure is not.
        let (copy, _) = makeTree()
        try await copy.restore(try tree.snapshot())
        let restored = try #require(copy.topCoordinator as? ItemsCoordinator)
        try await copy.apply(path: "/member/items/item/3")
        #expect(restored.picked == [.cancelled])
        let raised = closure.raised.load(ordering: .relaxed)
        #expect(!raised)
    }

    @Test func anAnswerGivenAfterARestoreReachesTheRestoredPresenterTyped() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 3).route(to: \.pick)
        let (copy, _) = makeTree()
        try await copy.restore(try tree.snapshot())
        let restored = try #require(copy.topCoordinator as? ItemsCoordinator)
        #expect(try await copy.submit(["action": "finish", "value": "Shed"]) == .accepted)
        #expect(restored.picked == [.finished("Shed")])
        #expect(items.picked.isEmpty)
        #expect(copy.path == "/member/items/item/3")
    }

    @Test func aCoordinatorFinishesWithItsOwnAnswerType() async throws {
        let (tree, items) = try await self.items()
        let wizard = try await items.route(to: \.wizard)
        try await wizard.finish(with: 7)
        #expect(items.wizardResults == [.finished(7)])
        #expect(tree.path == "/member/items")
        await #expect(throws: NavigationError.coordinatorDismissed(coordinator: "WizardCoordinator")) {
            try await wizard.finish(with: 8)
        }
    }

    @Test func aChildCoordinatorAnswersFromAnyOfItsScreens() async throws {
        let (tree, items) = try await self.items()
        let wizard = try await items.route(to: \.wizard)
        try await wizard.route(to: \.step2)
        #expect(tree.path == "/member/items/wizard/step2")
        #expect(try await tree.submit(["action": "finish", "int": "42"]) == .accepted)
        #expect(items.wizardResults == [.finished(42)])
        #expect(wizard.isDismissed)
        #expect(tree.path == "/member/items")
    }

    @Test func aValueOfTheWrongTypeIsRefusedAndChangesNothing() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.wizard)
        await #expect {
            try await tree.submit(["action": "finish", "value": "not an int"])
        } throws: { error in
            guard case .resultTypeMismatch(let route, let expected, _) = error as? NavigationError else { return false }
            return route == "wizard" && expected == "Swift.Int"
        }
        #expect(tree.path == "/member/items/wizard")
        #expect(items.wizardResults.isEmpty)
    }

    @Test func finishingWhereNoRouteExpectsAResultIsAnError() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.item, 1)
        await #expect(throws: NavigationError.noResultExpected(screen: "ItemsCoordinator")) {
            _ = try await tree.submit(["action": "finish", "value": "x"])
        }
    }

    @Test func aResultIsDeliveredOnce() async throws {
        let (tree, items) = try await self.items()
        try await items.route(to: \.pick)
        _ = try await tree.submit(["action": "finish", "value": "A"])
        try await items.route(to: \.item, 1)
        try await items.popToRoot()
        #expect(items.picked == [.finished("A")])
    }
}
