import Logging
import Signalbox
import SignalboxTesting
import SignalboxWeb
import Synchronization
import Testing

/// A "database" that counts its reads.
final class CountingRows: Sendable {
    let reads = Atomic<Int>(0)
    let version = Atomic<Int>(1)

    /// The rows, read once per request when a request memo is there.
    func rows() async -> Int {
        await RequestMemo.value(for: RowsKey()) {
            self.reads.add(1, ordering: .relaxed)
            return self.version.load(ordering: .relaxed)
        }
    }

    func write() {
        self.version.add(1, ordering: .relaxed)
        RequestMemo.current?.forget(RowsKey())
    }

    struct RowsKey: Hashable, Sendable {}
}

/// A screen that asks for the same rows for its data version, its title and its view model.
final class RowsScreen: Screen {
    let rows: CountingRows
    init(_ rows: CountingRows) { self.rows = rows }

    var template: String { "rows" }
    var title: String { get async { "Rows v\(await self.rows.rows())" } }
    var viewModel: ViewModel { get async { ["version": .int(await self.rows.rows())] } }
    var dataVersion: String? { get async { String(await self.rows.rows()) } }

    func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
        let before = await self.rows.rows()
        self.rows.write()
        // The rest of the request reads what it wrote.
        guard await self.rows.rows() == before + 1 else { return .invalid("stale read after a write") }
        return .accepted
    }
}

final class RowsCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \RowsCoordinator.home)
    @Root var home = makeHome
    let rows: CountingRows
    init(rows: CountingRows) { self.rows = rows }
    func makeHome() -> RowsScreen { RowsScreen(self.rows) }
}

@Suite struct RequestMemoTests {
    func app(_ rows: CountingRows) throws -> WebApp {
        WebApp(
            renderer: try MustacheRenderer(templates: [
                "rows": """
                <p>v{{version}}</p>
                <form method="post" action="{{path}}">{{>partials/csrf}}<button>Write</button></form>
                """
            ]),
            clock: ManualSessionClock(),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) { NavigationTree(root: RowsCoordinator(rows: rows)) }
    }

    @Test func aPageReadsWhatSeveralOfItsPartsAskForOncePerRequest() async throws {
        let rows = CountingRows()
        let browser = TestClient(try self.app(rows))
        let first = try await browser.get("/")
        #expect(first.status == 200)
        #expect(first.body.contains("v1"))
        // Data version, title and view model asked three times; read once.
        #expect(rows.reads.load(ordering: .relaxed) == 1)
        _ = try await browser.get("/")
        #expect(rows.reads.load(ordering: .relaxed) == 2)  // the next request reads again
    }

    @Test func aWriteMakesTheRestOfItsRequestReadAgain() async throws {
        let rows = CountingRows()
        let browser = TestClient(try self.app(rows))
        _ = try await browser.get("/")
        let posted = try await browser.post("/")
        #expect(posted.status == 303)
        #expect(try await browser.get("/").body.contains("v2"))
    }

    @Test func outsideARequestEveryAskReads() async {
        let rows = CountingRows()
        #expect(RequestMemo.current == nil)
        _ = await rows.rows()
        _ = await rows.rows()
        #expect(rows.reads.load(ordering: .relaxed) == 2)
    }

    @Test func keysOfDifferentTypesNeverShareAValue() async {
        struct Named: Hashable, Sendable { var name: String }
        await RequestMemo.$current.withValue(RequestMemo()) {
            let text = await RequestMemo.value(for: "a") { "text" }
            let named = await RequestMemo.value(for: Named(name: "a")) { "named" }
            let again = await RequestMemo.value(for: "a") { "made again" }
            #expect(text == "text" && named == "named" && again == "text")
            RequestMemo.current?.forget("a")
            #expect(await RequestMemo.value(for: "a") { "after forget" } == "after forget")
            #expect(await RequestMemo.value(for: Named(name: "a")) { "made again" } == "named")
        }
    }
}
