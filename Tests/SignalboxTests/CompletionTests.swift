import Signalbox
import Synchronization
import Testing

// Completion actions on pops and dismissals (Stinsen's `popLast(_ action:)`), dismiss handlers
// declared on routes (restorable, unlike `onDismiss:` closures) and Swordinator's `start(step:)`.

/// What happened, in order, across one tree.
final class Journal: Sendable {
    private let recorded = Mutex<[String]>([])
    var events: [String] { self.recorded.withLock { $0 } }
    func record(_ event: String) { self.recorded.withLock { $0.append(event) } }
}

struct JournalFailure: Error, Equatable {}

enum NotesStep: Step {
    case openDraft
    case unknown
}

final class NotesCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \NotesCoordinator.list)
    @Root var list = makeList
    @Route(.push) var note = makeNote
    @Route(.modal, onDismiss: didCloseHelp) var help = makeHelp
    @Route(.modal, onResult: didPick, onDismiss: didClosePicker) var picker = makePicker
    @Route(.push) var flow = makeFlow
    @Route(.push) var draft = makeDraft
    @Route(.push) var thread = makeThread
    let journal: Journal
    var failDeclaredHandler = false

    init(journal: Journal) { self.journal = journal }

    func makeList() -> TestScreen { TestScreen("list") }
    func makeNote(id: Int) -> TestScreen { TestScreen("note", input: "\(id)") }
    func makeHelp() -> TestScreen { TestScreen("help") }
    func makePicker() -> TestScreen { TestScreen("picker") }
    func makeFlow() -> FlowCoordinator { FlowCoordinator(journal: self.journal) }
    func makeDraft() -> TestScreen { TestScreen("draft") }
    func makeThread(id: Int) -> FlowCoordinator { FlowCoordinator(journal: self.journal) }

    func didCloseHelp() async throws {
        self.journal.record("help closed at \(self.tree?.path ?? "?")")
        if self.failDeclaredHandler { throw JournalFailure() }
    }

    func didPick(_ result: RouteResult<String>) async throws { self.journal.record("picked \(result)") }
    func didClosePicker() async throws { self.journal.record("picker closed") }
}

/// A child flow started with a step: `.openDraft` pushes its draft screen; other steps are not its.
final class FlowCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \FlowCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var draft = makeDraft
    let journal: Journal

    init(journal: Journal) { self.journal = journal }

    func makeStart() -> TestScreen { TestScreen("start") }
    func makeDraft() -> TestScreen { TestScreen("draft") }

    func handle(_ step: any Step) async throws -> Bool {
        guard case NotesStep.openDraft? = step as? NotesStep else { return false }
        self.journal.record("flow started with openDraft")
        try await self.route(to: \.draft)
        return true
    }
}

@Suite struct CompletionTests {
    func make() -> (NavigationTree, NotesCoordinator, Journal) {
        let journal = Journal()
        let notes = NotesCoordinator(journal: journal)
        return (NavigationTree(root: notes), notes, journal)
    }

    // MARK: Completion actions

    @Test func aPopsActionRunsOnceTheEntryIsGoneAfterItsHandlers() async throws {
        let (tree, notes, journal) = self.make()
        try await notes.route(to: \.picker, onDismiss: { journal.record("closure onDismiss") })
        try await notes.popLast { journal.record("action at \(tree.path)") }
        #expect(journal.events == ["picked cancelled", "picker closed", "closure onDismiss", "action at /"])
    }

    @Test(arguments: ["popToRoot", "popTo position", "popTo route", "router pop", "dismissCoordinator"])
    func everyWayOfLeavingTakesACompletionAction(_ how: String) async throws {
        let (tree, notes, journal) = self.make()
        let flow = try await notes.route(to: \.note, 1).route(to: \.flow)
        try await flow.route(to: \.draft)
        let action: DismissHandler = { journal.record("action at \(tree.path)") }
        let expected: String
        switch how {
        case "popToRoot":
            try await notes.popToRoot(action)
            expected = "/"
        case "popTo position":
            try await notes.popTo(.item(0), action)
            expected = "/note/1"
        case "popTo route":
            try await notes.popTo(\.note, action)
            expected = "/note/1"
        case "router pop":
            try await NavigationRouter(flow, position: .item(0)).pop(action)
            expected = "/note/1/flow"
        default:
            try await flow.dismissCoordinator(action)
            expected = "/note/1"
        }
        #expect(tree.path == expected)
        #expect(journal.events == ["action at \(expected)"])
    }

    @Test func atTheRootPopToRootStillRunsItsActionAndPopLastThrowsWithoutIt() async throws {
        let (tree, notes, journal) = self.make()
        try await notes.popToRoot { journal.record("popToRoot action") }
        await #expect(throws: NavigationError.nothingToPop(coordinator: "NotesCoordinator")) {
            _ = try await notes.popLast { journal.record("popLast action") }
        }
        #expect(journal.events == ["popToRoot action"])
        #expect(tree.path == "/")
    }

    @Test func theActionRunsEvenWhenAHandlerBeforeItThrows() async throws {
        let (tree, notes, journal) = self.make()
        notes.failDeclaredHandler = true
        try await notes.route(to: \.help)
        await #expect(throws: JournalFailure()) {
            _ = try await notes.popLast { journal.record("action") }
        }
        #expect(tree.path == "/")
        #expect(journal.events == ["help closed at /", "action"])
    }

    // MARK: Declared dismiss handlers

    @Test func aDeclaredDismissHandlerRunsForEveryWayAnEntryLeaves() async throws {
        let (tree, notes, journal) = self.make()
        try await notes.route(to: \.help)
        try await notes.popLast()
        try await tree.apply(path: "/help")
        try await tree.apply(path: "/note/2")  // leaving by a path
        try await tree.apply(path: "/note/2/help")
        try await tree.dismissTopPresentation()
        #expect(journal.events == ["help closed at /", "help closed at /note/2", "help closed at /note/2"])
    }

    @Test func aDeclaredDismissHandlerSurvivesARebuildFromAPathAndARestoreWhereAClosureDoesNot() async throws {
        let (tree, notes, journal) = self.make()
        try await notes.route(to: \.help, onDismiss: { journal.record("closure") })
        // Back then Forward: the entry is rebuilt from its path, without the closure.
        try await tree.apply(path: "/")
        try await tree.apply(path: "/help")
        // A restart: the session's snapshot is restored into a new tree.
        let (copy, copied, copyJournal) = self.make()
        try await copy.restore(try tree.snapshot())
        try await copied.popLast()
        try await notes.popLast()
        #expect(journal.events == ["help closed at /", "closure", "help closed at /"])
        #expect(copyJournal.events == ["help closed at /"])
    }

    // MARK: start(step:)

    @Test func aChildStartedWithAStepHandlesItOnceItIsOnTheStack() async throws {
        let (tree, notes, journal) = self.make()
        let flow = try await notes.route(to: \.flow, startingWith: NotesStep.openDraft)
        #expect(tree.path == "/flow/draft")
        #expect(flow.stack.count == 1)
        #expect(journal.events == ["flow started with openDraft"])
        // The step's effect is in the path: a rebuild from it shows the same page without a start.
        let (copy, _, copyJournal) = self.make()
        try await copy.apply(path: tree.path)
        #expect(copy.path == "/flow/draft")
        #expect(copyJournal.events.isEmpty)
    }

    @Test func aStepTheStartedChildDoesNotHandleIsAnErrorAndNotPassedUp() async throws {
        let (tree, notes, journal) = self.make()
        await #expect(throws: NavigationError.unhandledStep(step: "unknown")) {
            _ = try await notes.route(to: \.flow, startingWith: NotesStep.unknown)
        }
        // The child was pushed before it was started; it stays, as after any handler's error.
        #expect(tree.path == "/flow")
        #expect(journal.events.isEmpty)
    }
}
