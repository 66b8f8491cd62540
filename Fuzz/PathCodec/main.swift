// libFuzzer target for the core's URL codec: arbitrary bytes as a path applied to a tree with
// nested navigation, tabs, modals and child coordinators, and as a route input.
// Invariants checked (a violation traps, which libFuzzer reports as a crash):
//   - apply(path:) either throws a NavigationError, is redirected by a guard, or yields a canonical
//     path that re-applies to itself without changing the tree;
//   - on error or redirect the tree is unchanged;
//   - any string survives encodeInput/decodeInput.
import Dispatch
import Signalbox

final class FuzzScreen: Screen {
    let name: String
    init(_ name: String) { self.name = name }
    var template: String { self.name }
    var title: String { self.name }
    var viewModel: ViewModel { [:] }
}

struct Account: Codable, Sendable { var name: String }

final class FuzzApp: NavigationCoordinatable {
    let stack = NavigationStack(initial: \FuzzApp.guest)
    @Root var guest = makeGuest
    @Root var member = makeMember
    @Route(.modal) var about = makeAbout
    func makeGuest() -> FuzzFlow { FuzzFlow() }
    func makeMember(account: Account) -> FuzzTabs { FuzzTabs() }
    func makeAbout() -> FuzzScreen { FuzzScreen("about") }
}

final class FuzzTabs: TabCoordinatable {
    let child = TabChild(startingItems: [\FuzzTabs.one, \.two])
    @Route(tab: "One") var one = makeOne
    @Route(tab: "Two") var two = makeTwo
    func makeOne() -> FuzzFlow { FuzzFlow() }
    func makeTwo() -> WrapperCoordinator<FuzzFlow> { WrapperCoordinator(FuzzFlow()) }
}

final class FuzzFlow: NavigationCoordinatable {
    let stack = NavigationStack(initial: \FuzzFlow.start)
    @Root var start = makeStart
    @Route(.push) var item = makeItem
    @Route(.push) var text = makeText
    @Route(.modal) var sheet = makeSheet
    @Route(.fullScreen) var flow = makeFlow
    func makeStart() -> FuzzScreen { FuzzScreen("start") }
    func makeItem(id: Int) -> FuzzScreen { FuzzScreen("item") }
    func makeText(text: String) -> FuzzScreen { FuzzScreen("text") }
    func makeSheet() -> FuzzScreen { FuzzScreen("sheet") }
    func makeFlow() -> FuzzFlow { FuzzFlow() }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)

    // Any string is an input that round-trips.
    let encoded = PathCodec.encodeInput(text)
    precondition((try? PathCodec.decodeInput(encoded[...])) == text, "input round trip")

    blocking { await check(path: "/" + text, member: size % 2 == 0) }
    return 0
}

/// Applies `path` to a fresh tree and checks the invariants above.
func check(path: String, member: Bool) async {
    let app = FuzzApp()
    let tree = NavigationTree(root: app, configuration: .init(maxDepth: 32))
    if member { _ = try? await app.root(\.member, Account(name: "fuzz")) }
    let before = try? tree.snapshot()
    do {
        switch try await tree.apply(path: path) {
        case .applied(let canonical):
            precondition(tree.path == canonical, "apply returns the canonical path")
            let snapshot = try? tree.snapshot()
            let again = try? await tree.apply(path: canonical)
            precondition(again == .applied(path: canonical), "canonical path re-applies")
            precondition((try? tree.snapshot()) == snapshot, "re-applying changes nothing")
        case .redirected:
            precondition((try? tree.snapshot())?.root == before?.root, "a redirect leaves the tree unchanged")
        }
    } catch {
        precondition(error is NavigationError, "apply throws navigation errors only")
        precondition((try? tree.snapshot()) == before, "a failed apply leaves the tree unchanged")
    }
}

/// Runs the check on libFuzzer's thread: nothing in it suspends, so the task runs to its end
/// before `Task.immediate` returns; the semaphore only guards that assumption.
func blocking(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.immediate {
        await body()
        done.signal()
    }
    done.wait()
}
