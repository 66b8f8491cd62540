import Signalbox

/// How the active branch splits into what the browser shows: the *page* (the screens up to the
/// first modal; from the last full-screen presentation on, when there is one) and, above it,
/// the top-most *modal*.
///
/// - No presentation: every screen is a page screen; the last is rendered.
/// - A modal at index *m*: the page is the screens before the first modal, the dialog shows the
///   last screen of the branch (a modal can hold a whole pushed flow).
/// - A full-screen presentation at index *f*: the page starts at *f* (in place of what was
///   below); a modal above it still opens as a dialog.
/// - A split coordinator's master among the page's screens: the page shows it beside its content
///   (the innermost master when split views nest).
struct BranchLayout: Sendable {
    let branch: [PageDocument.Screen]
    /// The screens of the page, outermost first.
    let pageRange: Range<Int>
    /// Index of the top-most modal's first screen, or `nil`.
    let modalStart: Int?

    init?(_ branch: [PageDocument.Screen]) {
        guard !branch.isEmpty else { return nil }
        var start = 0
        var firstModal: Int?
        var topModal: Int?
        for (index, entry) in branch.enumerated() {
            switch entry.presentation {
            case .fullScreen?:
                start = index
                firstModal = nil
                topModal = nil
            case .modal?, .modalNonDismissible?:
                if firstModal == nil { firstModal = index }
                topModal = index
            case .push?, nil:
                break
            }
        }
        self.branch = branch
        self.pageRange = start..<(firstModal ?? branch.count)
        self.modalStart = topModal
        self.splitMaster = self.pageRange.last { branch[$0].splitPlaceholder != nil }
    }

    /// Index of the page's split-view master, or `nil` when the page is not a split view.
    let splitMaster: Int?

    /// Whether the split view shows a detail beside its master (something is pushed on it).
    var hasSplitDetail: Bool {
        guard let master = self.splitMaster else { return false }
        return self.pageIndex > master
    }

    /// The index of the screen rendered as the page's content.
    var pageIndex: Int { self.pageRange.upperBound - 1 }

    /// The screen rendered as the page's content.
    var page: PageDocument.Screen { self.branch[self.pageIndex] }

    /// Whether the page is a full-screen presentation.
    var isFullScreen: Bool { self.pageRange.lowerBound > 0 }

    /// Where closing the full-screen presentation leads.
    var fullScreenClosePath: String? {
        self.isFullScreen ? self.branch[self.pageRange.lowerBound - 1].path : nil
    }

    /// Where closing the modal leads; `nil` without a modal or when it is not dismissible.
    var modalClosePath: String? {
        guard let start = self.modalStart, start > 0, self.branch[start].presentation?.isDismissible == true else {
            return nil
        }
        return self.branch[start - 1].path
    }

    /// The wrappers to apply around a screen: all of them for page screens; for the modal only
    /// those inside the presented flow (not the presenter's).
    func wrappers(for index: Int) -> ArraySlice<WrapperCoordinatorInfo> {
        let wrappers = self.branch[index].wrappers
        guard let start = self.modalStart, index >= start, start > 0 else { return wrappers[...] }
        return wrappers.dropFirst(self.branch[start - 1].wrappers.count)
    }
}
