import Signalbox

/// The user's input and the rejection, for re-rendering a form that failed validation (422).
struct FormEcho {
    var form: FormData
    var rejection: FormRejection

    /// `form` (first value per field, `_csrf` left out), `error` and `fieldErrors`.
    var viewModel: [String: ViewModel] {
        var values: [String: ViewModel] = [:]
        for field in self.form.fields where values[field.name] == nil && field.name != "_csrf" {
            values[field.name] = .string(field.value)
        }
        return [
            "form": .object(values),
            "error": .string(self.rejection.message),
            "fieldErrors": .object(self.rejection.fieldErrors.mapValues { .string($0) }),
        ]
    }
}

/// Renders a tree's page: each visible screen with its template (wrapped by its coordinators'
/// wrapper templates), then `layout` with the page view model.
struct PageComposer {
    let renderer: any TemplateRenderer
    let developerTools: Bool

    /// The HTML page for the tree's current state.
    func html(tree: NavigationTree, csrf: String, echo: FormEcho? = nil) throws -> String {
        try self.renderer.render("layout", with: try self.pageModel(tree: tree, csrf: csrf, echo: echo))
    }

    /// The view model `layout` receives (see the README, "Page view model").
    func pageModel(tree: NavigationTree, csrf: String, echo: FormEcho? = nil) throws -> ViewModel {
        guard let layout = BranchLayout(tree.branch) else {
            throw NavigationError.snapshotMismatch(reason: "the active branch holds no screen")
        }
        let topIndex = layout.branch.count - 1
        let pageIndex = layout.pageRange.upperBound - 1
        let pageContent = try self.content(
            of: layout, at: pageIndex, csrf: csrf, extras: pageIndex == topIndex ? echo?.viewModel : nil)

        var modal = ViewModel.null
        if let start = layout.modalStart {
            let top = layout.top
            modal = [
                "route": .string(layout.modalRoute ?? layout.branch[start].route),
                "title": .string(top.title),
                "content": .string(try self.content(of: layout, at: topIndex, csrf: csrf, extras: echo?.viewModel)),
                "close": layout.modalClosePath.map(ViewModel.string) ?? .null,
                "dismissible": .bool(layout.modalClosePath != nil),
            ]
        }

        let crumbs = layout.pageEntries
        let breadcrumbs: [ViewModel] = crumbs.indices.map { index in
            let entry = layout.branch[index]
            return ["title": .string(entry.title), "path": .string(entry.path), "current": .bool(index == pageIndex)]
        }
        let bars = tree.tabBars
        let tabBars: [ViewModel] = bars.map { bar in ["tabs": .list(bar.tabs.map(Self.tabModel))] }
        let path = tree.path
        return [
            "title": .string(layout.top.title),
            "path": .string(path),
            "base": .string(Self.base(of: path)),
            "csrf": .string(csrf),
            "template": .string(layout.page.screen.template),
            "breadcrumbs": .list(breadcrumbs),
            "hasBreadcrumbs": .bool(!breadcrumbs.isEmpty),
            "tabs": .list(bars.first?.tabs.map(Self.tabModel) ?? []),
            "tabBars": .list(tabBars),
            "hasTabs": .bool(!bars.isEmpty),
            "content": .string(pageContent),
            "modal": modal,
            "fullScreen": .bool(layout.isFullScreen),
            "fullScreenClose": layout.fullScreenClosePath.map(ViewModel.string) ?? .null,
            "popPath": tree.pathAfterPop.map(ViewModel.string) ?? .null,
            "devTools": .bool(self.developerTools),
            "status": .int(echo == nil ? 200 : 422),
        ]
    }

    /// One screen's HTML: its template with its view model plus `csrf`, `path`, `base` (and the
    /// 422 extras), then each wrapper template from the innermost out, with `content`.
    private func content(
        of layout: BranchLayout, at index: Int, csrf: String, extras: [String: ViewModel]?
    ) throws -> String {
        let entry = layout.branch[index]
        var context: [String: ViewModel] = [
            "csrf": .string(csrf), "path": .string(entry.path), "base": .string(Self.base(of: entry.path)),
        ]
        if let extras { context.merge(extras) { _, new in new } }
        var html = try self.renderer.render(
            entry.screen.template, with: Self.object(entry.screen.viewModel).merging(context))
        for wrapper in layout.wrappers(for: index).reversed() {
            context["content"] = .string(html)
            html = try self.renderer.render(wrapper.template, with: Self.object(wrapper.viewModel).merging(context))
        }
        return html
    }

    /// The path without a trailing `/`: `""` for `/`, so templates can write `{{base}}/todo/3`.
    static func base(of path: String) -> String {
        path == "/" ? "" : path
    }

    /// Objects stay; any other view model is offered as `value`.
    static func object(_ model: ViewModel) -> ViewModel {
        if case .object = model { return model }
        return ["value": model]
    }

    static func tabModel(_ tab: TabBar.Tab) -> ViewModel {
        [
            "name": .string(tab.name), "title": .string(tab.title), "icon": tab.icon.map(ViewModel.string) ?? .null,
            "path": .string(tab.path), "active": .bool(tab.isActive),
        ]
    }
}
