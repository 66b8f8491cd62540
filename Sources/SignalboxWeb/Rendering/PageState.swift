import Signalbox

/// What a page shows, loaded once per request from one walk of the active branch: the branch
/// and its layout, every screen's title (for breadcrumbs) and the view models of the screens
/// the page renders (the page's and, with a modal, the top one). HTML and JSON both read it.
///
/// Loading runs the screens' async `title` and `viewModel`; presenting it is synchronous.
struct PageState {
    let branch: ActiveBranch
    let layout: BranchLayout
    /// `titles[i]` is the title of `branch.screens[i]`.
    let titles: [String]
    /// The view models of the rendered screens, by branch index.
    let viewModels: [Int: ViewModel]

    static func load(_ tree: NavigationTree) async throws -> PageState {
        let branch = tree.activeBranch
        guard let layout = BranchLayout(branch.screens) else {
            throw NavigationError.snapshotMismatch(reason: "the active branch holds no screen")
        }
        var titles: [String] = []
        titles.reserveCapacity(branch.screens.count)
        for entry in branch.screens { titles.append(try await entry.title) }
        var viewModels: [Int: ViewModel] = [:]
        viewModels[layout.pageIndex] = try await layout.page.screen.viewModel
        let topIndex = branch.screens.count - 1
        if topIndex != layout.pageIndex {
            viewModels[topIndex] = try await branch.screens[topIndex].screen.viewModel
        }
        return PageState(branch: branch, layout: layout, titles: titles, viewModels: viewModels)
    }

    var topIndex: Int { self.branch.screens.count - 1 }
    var top: BranchEntry { self.branch.screens[self.topIndex] }
    var topTitle: String { self.titles[self.topIndex] }
}
