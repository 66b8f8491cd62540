import Signalbox

/// Renders a loaded page: each visible screen with its template (wrapped by its coordinators'
/// wrapper templates), then `layout` with the page view model. Every path in the view models is
/// a public URL (under the app's mount path); `mount` is the mount path's prefix.
struct PageComposer {
    /// The renderer's path for pages with fragments (found once, here).
    let renderer: any FragmentRendering
    let developerTools: Bool
    let mount: MountPath

    init(renderer: any TemplateRenderer, developerTools: Bool, mount: MountPath) {
        self.renderer = renderer.fragmentRendering
        self.developerTools = developerTools
        self.mount = mount
    }

    /// The HTML page, as UTF-8: the page's content goes into `layout` as a fragment, its bytes
    /// copied where the layout writes `{{{content}}}`, never turned into a `String`.
    func html(_ page: PageDocument) throws -> [UInt8] {
        let (model, content) = try self.pageModelAndContent(page)
        return try self.renderer.renderUTF8("layout", with: model, fragments: ["content": content])
    }

    /// The view model `layout` receives (see the DocC article "The page view model"), all but `content`,
    /// and the content's HTML.
    private func pageModelAndContent(_ page: PageDocument) throws -> (ViewModel, [UInt8]) {
        let csrf = page.csrf
        let echo = page.echo
        let layout = page.layout
        let topIndex = page.topIndex
        let pageIndex = layout.pageIndex
        let pageContent = try self.contentUTF8(
            of: page,
            at: pageIndex,
            csrf: csrf,
            extras: pageIndex == topIndex ? echo?.viewModel : nil
        )

        var modal = ViewModel.null
        if let start = layout.modalStart {
            modal = [
                "route": .string(layout.branch[start].route),
                "title": .string(page.topTitle),
                "content": .string(try self.content(of: page, at: topIndex, csrf: csrf, extras: echo?.viewModel)),
                "close": self.url(layout.modalClosePath),
                "dismissible": .bool(layout.modalClosePath != nil),
            ]
        }

        var split = ViewModel.null
        if let master = layout.splitMaster {
            let hasDetail = layout.hasSplitDetail
            split = [
                "master": .string(
                    hasDetail
                        ? try self.content(of: page, at: master, csrf: csrf, extras: nil)
                        : String(decoding: pageContent, as: UTF8.self)
                ),
                "hasDetail": .bool(hasDetail),
                "placeholder": .string(layout.branch[master].splitPlaceholder ?? ""),
                "masterPath": .string(self.mount.url(for: layout.branch[master].path)),
            ]
        }

        let breadcrumbs: [ViewModel] = layout.pageRange.map { index in
            [
                "title": .string(page.screens[index].title),
                "path": .string(self.mount.url(for: layout.branch[index].path)),
                "current": .bool(index == pageIndex),
            ]
        }
        let bars = page.tabBars
        // Each bar's tabs once: `tabs` is the outermost bar's list, shared.
        let tabLists: [ViewModel] = bars.map { bar in .list(bar.tabs.map(self.tabModel)) }
        let tabBars: [ViewModel] = tabLists.map { tabs in ["tabs": tabs] }
        let path = page.path
        let model: ViewModel = [
            "title": .string(page.topTitle),
            "path": .string(self.mount.url(for: path)),
            "base": .string(self.base(of: path)),
            "mount": .string(self.mount.prefix),
            "csrf": .string(csrf),
            "submission": .string(page.submission),
            "template": .string(layout.page.template),
            "notices": .list(page.notices.map(NavigationStateJSON.notice)),
            "hasNotices": .bool(!page.notices.isEmpty),
            "breadcrumbs": .list(breadcrumbs),
            "hasBreadcrumbs": .bool(!breadcrumbs.isEmpty),
            "tabs": tabLists.first ?? .list([]),
            "tabBars": .list(tabBars),
            "hasTabs": .bool(!bars.isEmpty),
            "modal": modal,
            "split": split,
            "fullScreen": .bool(layout.isFullScreen),
            "fullScreenClose": self.url(layout.fullScreenClosePath),
            "popPath": self.url(page.pathAfterPop),
            "devTools": .bool(self.developerTools),
            "status": .int(page.isRejectedForm ? 422 : 200),
            "live": page.liveValidator.map { .string($0.entityTag) } ?? .null,
        ]
        return (model, pageContent)
    }

    /// One screen's HTML (see ``contentUTF8(of:at:csrf:extras:)``) as a `String`.
    private func content(
        of page: PageDocument,
        at index: Int,
        csrf: String,
        extras: ViewModel.Fields?
    ) throws -> String {
        String(decoding: try self.contentUTF8(of: page, at: index, csrf: csrf, extras: extras), as: UTF8.self)
    }

    /// One screen's HTML: its template with its view model plus `csrf`, `submission`, `path`,
    /// `base`, `mount` (and the 422 extras; a form screen's `fields`, `formFields` and
    /// `formEnctype`), then each wrapper template from the innermost out, with `content`.
    private func contentUTF8(
        of page: PageDocument,
        at index: Int,
        csrf: String,
        extras: ViewModel.Fields?
    ) throws -> [UInt8] {
        let entry = page.layout.branch[index]
        var context: ViewModel.Fields = [
            "csrf": .string(csrf), "submission": .string(page.submission),
            "path": .string(self.mount.url(for: entry.path)),
            "base": .string(self.base(of: entry.path)), "mount": .string(self.mount.prefix),
        ]
        if let extras { context.merge(extras) { _, new in new } }
        if let schema = page.screens[index].formSchema {
            let isTop = index == page.topIndex
            context.merge(FormFieldModels.fields(schema, echo: isTop ? page.echo : nil, focus: isTop)) { _, new in new }
        }
        var html = try self.renderer.renderUTF8(
            entry.template,
            with: .object(Self.fields(of: page.viewModels[index] ?? .null).merging(context) { _, new in new }),
            fragments: [:]
        )
        if index == page.topIndex, let child = page.returnedFrom {
            ReturnFocus.mark(&html, id: page.returnFocusID, url: self.mount.url(for: child.path))
        }
        for wrapper in page.layout.wrappers(for: index).reversed() {
            var fields = Self.fields(of: wrapper.viewModel).merging(context) { _, new in new }
            fields["content"] = nil  // the fragment: a field of the wrapper's own must not hide it
            html = try self.renderer.renderUTF8(wrapper.template, with: .object(fields), fragments: ["content": html])
        }
        return html
    }

    /// The public URL of an app path without a trailing `/` (`""` for `/` when the app owns the
    /// site), so templates can write `{{base}}/todo/3`.
    func base(of path: String) -> String {
        let url = self.mount.url(for: path)
        return url == "/" ? "" : url
    }

    /// The public URL of an app path, or null.
    private func url(_ path: String?) -> ViewModel {
        path.map { .string(self.mount.url(for: $0)) } ?? .null
    }

    /// An object's fields; any other view model is offered as `value`.
    static func fields(of model: ViewModel) -> ViewModel.Fields {
        if case .object(let fields) = model { return fields }
        return ["value": model]
    }

    func tabModel(_ tab: TabBar.Tab) -> ViewModel {
        NavigationStateJSON.tab(tab, mount: self.mount)
    }
}
