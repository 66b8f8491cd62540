import Signalbox
import Testing

/// Stands in for a database: every call hops to the actor, so the hooks below really suspend.
actor Ledger {
    private(set) var events: [String] = []
    var closed: Set<Int> = []

    func record(_ event: String) { self.events.append(event) }
    func isClosed(_ id: Int) -> Bool { self.closed.contains(id) }
    func close(_ id: Int) { self.closed.insert(id) }
}

struct LedgerFailure: Error, Equatable {
    var message: String
}

final class LedgerScreen: Screen, Answering {
    typealias Answer = String
    let name: String
    let ledger: Ledger
    init(_ name: String, ledger: Ledger) {
        self.name = name
        self.ledger = ledger
    }
    var template: String { "ledger/\(self.name)" }
    var title: String {
        get async { await self.ledger.isClosed(0) ? "\(self.name) (closed)" : self.name }
    }
    var viewModel: ViewModel {
        get async throws {
            if self.name == "broken" { throw LedgerFailure(message: "view model") }
            return ["events": .int(await self.ledger.events.count)]
        }
    }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        try await self.finish(with: form["value"] ?? "", context: context)
        return .accepted
    }
}

/// Every hook awaits the ledger: the guard, the result handler, the step handler.
final class LedgerCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \LedgerCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var account = makeAccount
    @Route(.modal, onResult: didAnswer) var question = makeQuestion
    @Route(.push) var failing = makeFailing
    let ledger: Ledger
    var failHandlers = false

    init(ledger: Ledger) { self.ledger = ledger }

    func makeStart() -> LedgerScreen { LedgerScreen("start", ledger: self.ledger) }
    func makeAccount(id: Int) -> LedgerScreen { LedgerScreen("account \(id)", ledger: self.ledger) }
    func makeQuestion() -> LedgerScreen { LedgerScreen("question", ledger: self.ledger) }
    func makeFailing() -> LedgerScreen { LedgerScreen("failing", ledger: self.ledger) }

    func guardNavigation(_ attempt: Attempt) async throws -> Decision {
        await self.ledger.record("guard \(attempt)")
        if attempt.targets(\.failing) { throw LedgerFailure(message: "guard") }
        guard let id = attempt.input(for: \.account) else { return .allow }
        return await self.ledger.isClosed(id) ? .notFound("account \(id) is closed") : .allow
    }

    func didAnswer(_ result: RouteResult<String>) async throws {
        // Runs after the change: the question is already gone from the stack.
        await self.ledger.record("answer \(result.value ?? "cancelled") at depth \(self.stack.count)")
        if self.failHandlers { throw LedgerFailure(message: "result") }
    }

    func handle(_ step: any Step) async throws -> Bool {
        guard let step = step as? TestStep else { return false }
        await self.ledger.record("step \(step)")
        return true
    }
}

@Suite struct AsyncHookTests {
    private func make() -> (NavigationTree, LedgerCoordinator, Ledger) {
        let ledger = Ledger()
        let coordinator = LedgerCoordinator(ledger: ledger)
        return (NavigationTree(root: coordinator), coordinator, ledger)
    }

    @Test func aGuardThatAwaitsDecidesOnPathsAndOperations() async throws {
        let (tree, coordinator, ledger) = self.make()
        await ledger.close(7)
        await #expect(throws: NavigationError.notFound(route: "account", reason: "account 7 is closed")) {
            _ = try await tree.apply(path: "/account/7")
        }
        #expect(tree.path == "/")
        await #expect(throws: NavigationError.notFound(route: "account", reason: "account 7 is closed")) {
            _ = try await coordinator.route(to: \.account, 7)
        }
        #expect(try await tree.apply(path: "/account/8") == .applied(path: "/account/8"))
        #expect(await ledger.events == ["guard account", "guard account", "guard account"])
    }

    @Test func aGuardThatThrowsLeavesTheTreeExactlyAsItWas() async throws {
        let (tree, _, _) = self.make()
        try await tree.apply(path: "/account/1/question")
        let before = try tree.snapshot()
        await #expect(throws: LedgerFailure(message: "guard")) {
            _ = try await tree.apply(path: "/account/1/failing")
        }
        #expect(try tree.snapshot() == before)
        #expect(tree.path == "/account/1/question")
    }

    @Test func resultHandlersRunAfterTheChangeAndMayAwait() async throws {
        let (tree, _, ledger) = self.make()
        try await tree.apply(path: "/account/1/question")
        #expect(try await tree.submit(["action": "finish", "value": "yes"]) == .accepted)
        try await tree.apply(path: "/account/1/question")
        try await tree.apply(path: "/account/1")
        let answers = await ledger.events.filter { $0.hasPrefix("answer") }
        #expect(answers == ["answer yes at depth 1", "answer cancelled at depth 1"])
    }

    @Test func aThrowingResultHandlerStillLetsTheChangeAndTheOtherHooksHappen() async throws {
        let (tree, coordinator, _) = self.make()
        try await tree.apply(path: "/account/1/question")
        coordinator.failHandlers = true
        var dismissed = false
        try await coordinator.route(to: \.account, 2, onDismiss: { dismissed = true })
        await #expect(throws: LedgerFailure(message: "result")) { _ = try await coordinator.popToRoot() }
        #expect(tree.path == "/")
        #expect(dismissed)
    }

    @Test func onDismissMayAwaitAndRunsOnceTheEntryLeft() async throws {
        let (tree, coordinator, ledger) = self.make()
        try await coordinator.route(
            to: \.account,
            1,
            onDismiss: {
                await ledger.record("dismissed at \(tree.path)")
            }
        )
        try await coordinator.popLast()
        #expect(await ledger.events.last == "dismissed at /")
    }

    @Test func stepHandlersAwait() async throws {
        let (tree, _, ledger) = self.make()
        try await tree.send(TestStep.ping)
        #expect(await ledger.events == ["step ping"])
    }

    @Test func screenTitlesAndViewModelsLoadAsynchronously() async throws {
        let (tree, _, ledger) = self.make()
        try await tree.apply(path: "/account/3")
        #expect(try await tree.titles() == ["start", "account 3"])
        await ledger.close(0)
        #expect(try await tree.titles() == ["start (closed)", "account 3 (closed)"])
        #expect(try await tree.branch.last?.screen.viewModel == ["events": 1])
    }

    @Test func aGuardCanBeUnitTestedWithAnAttemptBuiltByHand() async throws {
        let ledger = Ledger()
        await ledger.close(4)
        let coordinator = LedgerCoordinator(ledger: ledger)
        let attempt = NavigationAttempt(to: \.account, 4, of: coordinator, origin: .path("/account/4"))
        #expect(attempt.kind == .route(.push))
        #expect(try await coordinator.guardNavigation(attempt) == .notFound("account 4 is closed"))
        let other = NavigationAttempt(to: \.account, 5, of: coordinator)
        #expect(try await coordinator.guardNavigation(other) == .allow)
    }
}
