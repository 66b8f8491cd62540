import Signalbox
import Testing

/// Route declarations are made once per declaration site and shared by every coordinator
/// instance, so what a route calls must still reach the instance that took it.
@Suite struct RouteDeclarationTests {
    @Test func aCoordinatorHoldsOneReferencePerRouteWhateverTheRouteDeclares() {
        #expect(MemoryLayout<Route<ItemsCoordinator, PresentedRoute, Void, TestScreen>>.size == 8)
        #expect(MemoryLayout<Route<ItemsCoordinator, PresentedRoute, ItemFilter, TestScreen>>.size == 8)
        #expect(MemoryLayout<Route<MemberTabs, TabRoute, Void, ItemsCoordinator>>.size == 8)
        #expect(MemoryLayout<Route<AppCoordinator, RootRoute, User, MemberTabs>>.size == 8)
    }

    @Test func sharedDeclarationsCallTheInstanceThatTookTheRoute() async throws {
        let (firstTree, firstApp) = makeTree()
        let (secondTree, secondApp) = makeTree()
        let first = try await firstApp.root(\.member, User(name: "ann")).focusFirst(\.items).child
        let second = try await secondApp.root(\.member, User(name: "bob")).focusFirst(\.items).child
        #expect(first !== second)
        try await first.route(to: \.item, 1).route(to: \.pick)
        try await second.route(to: \.item, 2).route(to: \.pick)
        #expect(try await secondTree.submit(["action": "finish", "value": "Second"]) == .accepted)
        #expect(try await firstTree.submit(["action": "finish", "value": "First"]) == .accepted)
        // Each instance's declared result handler received its own screen's answer only.
        #expect(first.picked == [.finished("First")])
        #expect(second.picked == [.finished("Second")])
        #expect(firstTree.path == "/member/items/item/1")
        #expect(secondTree.path == "/member/items/item/2")
    }

    @Test func routesMadeByOneInitializerCallAreRefusedByName() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = RouteMap(root: TwinRoutesCoordinator())
            }
        )
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("routes 'left' and 'right' come from the same source location"))
    }
}

/// Two routes that come from one `Route` initializer call (a helper), which would share one
/// factory: refused when the type's routes are first read.
final class TwinRoutesCoordinator: NavigationCoordinatable {
    let stack = NavigationStack(initial: \TwinRoutesCoordinator.start)
    @Root var start = makeStart
    var _left = twinRoute()
    var _right = twinRoute()

    func makeStart() -> TestScreen { TestScreen("start") }
    func makeSide() -> TestScreen { TestScreen("side") }
}

private func twinRoute() -> Route<TwinRoutesCoordinator, PresentedRoute, Void, TestScreen> {
    Route(wrappedValue: TwinRoutesCoordinator.makeSide, .push)
}
