// libFuzzer target for the core's URL codec: arbitrary bytes as a path applied to a tree with
// nested navigation, tabs, modals and child coordinators, and as a route input.
// Invariants checked (a violation traps, which libFuzzer reports as a crash):
//   - apply(path:) either throws a NavigationError or yields a canonical path that re-applies to
//     itself without changing the tree;
//   - on error the tree is unchanged;
//   - any string survives encodeInput/decodeInput.
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

    let app = FuzzApp()
    let tree = NavigationTree(root: app, configuration: .init(maxDepth: 32))
    if size % 2 == 0 { _ = try? app.root(\.member, Account(name: "fuzz")) }
    let before = try? tree.snapshot()
    do {
        let canonical = try tree.apply(path: "/" + text)
        precondition(tree.path == canonical, "apply returns the canonical path")
        let snapshot = try? tree.snapshot()
        precondition((try? tree.apply(path: canonical)) == canonical, "canonical path re-applies")
        precondition((try? tree.snapshot()) == snapshot, "re-applying changes nothing")
    } catch {
        if case .redirect = error { return 0 }
        precondition((try? tree.snapshot()) == before, "a failed apply leaves the tree unchanged")
    }
    return 0
}
