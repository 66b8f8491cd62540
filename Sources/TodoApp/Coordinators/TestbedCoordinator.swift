public import Signalbox

/// A playground for the navigation model: push or present a screen, push or present another
/// testbed (recursively), dismiss a nested testbed, pop to the root. Re-selecting its tab pops
/// it to its root.
///
/// Paths below `/authenticated/testbed`: `/pushScreen`, `/modalScreen`, `/pushCoordinator`,
/// `/modalCoordinator`, nesting freely, e.g. `/pushCoordinator/modalScreen`.
public final class TestbedCoordinator: NavigationCoordinatable {
    /// The stack: starts on the testbed page.
    public let stack = NavigationStack(initial: \TestbedCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var pushScreen = makePushScreen
    @Route(.modal) var modalScreen = makeModalScreen
    @Route(.push) var pushCoordinator = makeCoordinator
    @Route(.modal) var modalCoordinator = makeCoordinator

    /// How deeply this testbed is nested: 1 for the tab's own.
    public let level: Int

    init(level: Int) {
        self.level = level
    }

    func makeStart() -> TestbedScreen { TestbedScreen(kind: .start, coordinator: self) }
    func makePushScreen() -> TestbedScreen { TestbedScreen(kind: .pushed, coordinator: self) }
    func makeModalScreen() -> TestbedScreen { TestbedScreen(kind: .presented, coordinator: self) }
    func makeCoordinator() -> TestbedCoordinator { TestbedCoordinator(level: self.level + 1) }
}
