import Signalbox
import Testing

/// A split coordinator's root screen is its master; nothing else is.
final class SplitFixture: SplitCoordinatable {
    let stack = NavigationStack(initial: \SplitFixture.list)
    @Root var list = makeList
    @Route(.push) var item = makeItem
    @Route(.push) var nested = makeNested
    var detailPlaceholder: String { "Pick an item." }

    func makeList() -> TestScreen { TestScreen("list") }
    func makeItem(id: Int) -> TestScreen { TestScreen("item", input: String(id)) }
    func makeNested() -> LabCoordinator { LabCoordinator() }
}

@Suite struct SplitCoordinatableTests {
    @Test func onlyTheRootScreenOfASplitCoordinatorIsAMaster() async throws {
        let split = SplitFixture()
        let tree = NavigationTree(root: split)
        try await tree.apply(path: "/item/3/nested/screen")
        let placeholders = tree.activeBranch.screens.map(\.splitPlaceholder)
        #expect(placeholders == ["Pick an item.", nil, nil, nil])
        #expect(tree.path == "/item/3/nested/screen")
        // It is a navigation coordinator in every other way.
        try await split.popToRoot()
        #expect(tree.path == "/")
    }
}
