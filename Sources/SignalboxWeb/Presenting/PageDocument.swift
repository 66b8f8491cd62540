import Signalbox

/// What a page shows, as plain values.
///
/// Loaded inside the session from one walk of the active branch (every screen's title, the view
/// models of the screens the page renders), then presented after the session is released: as
/// HTML by ``PageComposer`` or as JSON by ``NavigationStateJSON``. Both read this one value, so
/// they cannot disagree, and no template renders while the session is held.
struct PageDocument: Sendable {
    /// One screen of the active branch.
    struct Screen: Sendable {
        var route: String
        var path: String
        var presentation: Presentation?
        var title: String
        var template: String
        var wrappers: [WrapperCoordinatorInfo]
        /// Set when the screen is a split coordinator's master: the detail pane's placeholder.
        var splitPlaceholder: String? = nil
        /// The fields of the screen's form, for a ``FormScreen``.
        var formSchema: FormSchema? = nil
    }

    /// The canonical path.
    var path: String
    /// The screens, outermost first.
    var screens: [Screen]
    var tabBars: [TabBar]
    var layout: BranchLayout
    /// The view models of the rendered screens (the page's, a split view's master and, with a
    /// modal, the top one), by index.
    var viewModels: [Int: ViewModel]
    var pathAfterPop: String?
    /// The top coordinator's routes that can be pushed or presented, with their paths; loaded
    /// for JSON answers only.
    var routes: [(name: String, path: String)]
    var csrf: String
    /// The page's one-time submission id, which its forms post as `_submission` (HTML pages only).
    var submission: String = ""
    /// A rejected form to show again (status 422), or the top screen's draft.
    var echo: FormEcho?
    /// The tree's snapshot; loaded for JSON answers only.
    var snapshot: NavigationSnapshot?
    /// The page's validator (its `ETag`), when it has one.
    var validator: PageValidator?
    /// The validator a live page's stream compares with (`live` in the layout's model): the
    /// same as ``validator``, also for a page shown once (notices, a return to an origin),
    /// which gets no `ETag`; `nil` for JSON and rejected forms.
    var liveValidator: PageValidator?
    /// The notices this page shows (taken from the tree: no other page shows them).
    var notices: [Notice] = []
    /// The child of the top screen the user just came back from (taken from the tree).
    var returnedFrom: ReturnedChild?
    /// The id of the element leading to ``returnedFrom``, when the top screen names one.
    var returnFocusID: String?

    /// Loads the page `branch` of `state`'s tree shows; `forJSON` adds what only JSON answers
    /// show (the snapshot and the available routes). With `takingNotices`, the page takes the
    /// tree's notices (a `HEAD` does not: it shows nothing).
    static func load(
        _ state: SessionState,
        branch: ActiveBranch,
        echo: FormEcho?,
        forJSON: Bool,
        takingNotices: Bool = true,
        returnedFrom: ReturnedChild? = nil
    ) async throws -> PageDocument {
        var screens: [Screen] = []
        screens.reserveCapacity(branch.screens.count)
        for entry in branch.screens {
            screens.append(
                Screen(
                    route: entry.route,
                    path: entry.path,
                    presentation: entry.presentation,
                    title: try await entry.title,
                    template: entry.screen.template,
                    wrappers: entry.wrappers,
                    splitPlaceholder: entry.splitPlaceholder,
                    formSchema: type(of: entry.screen).formSchema
                )
            )
        }
        var echo = echo
        if let schema = screens.last?.formSchema { echo?.removeSecrets(of: schema) }
        guard let layout = BranchLayout(screens) else {
            throw NavigationError.snapshotMismatch(reason: "the active branch holds no screen")
        }
        var viewModels: [Int: ViewModel] = [:]
        viewModels[layout.pageIndex] = try await branch.screens[layout.pageIndex].screen.viewModel
        let topIndex = screens.count - 1
        if topIndex != layout.pageIndex {
            viewModels[topIndex] = try await branch.screens[topIndex].screen.viewModel
        }
        if let master = layout.splitMaster, master != layout.pageIndex {
            viewModels[master] = try await branch.screens[master].screen.viewModel
        }
        let tabBars = try await branch.tabBarsWithBadges()
        var snapshot = forJSON ? try state.tree.snapshot() : nil
        snapshot?.notices = []  // shown as `notices`, once
        // Taken last, once loading cannot fail: a page that is not shown leaves them waiting.
        let notices = takingNotices ? state.tree.takeNotices() : []
        return PageDocument(
            path: branch.path,
            screens: screens,
            tabBars: tabBars,
            layout: layout,
            viewModels: viewModels,
            pathAfterPop: branch.pathAfterPop,
            routes: forJSON ? branch.availableRoutes : [],
            csrf: state.csrfToken,
            submission: forJSON ? "" : RandomToken.hex(byteCount: 16),
            echo: echo,
            snapshot: snapshot,
            notices: notices,
            returnedFrom: returnedFrom,
            returnFocusID: returnedFrom.flatMap { branch.screens[topIndex].screen.returnFocusID(for: $0) }
        )
    }

    var topIndex: Int { self.screens.count - 1 }
    var top: Screen { self.screens[self.topIndex] }
    var topTitle: String { self.top.title }
    /// 200, or 422 for a rejected form.
    var isRejectedForm: Bool { self.echo?.rejection != nil }
}
