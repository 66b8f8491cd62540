import Signalbox

/// The JSON answer to a request with `Accept: application/json`: the session's navigation state.
///
/// ```json
/// {"path": "/member/items/item/1", "title": "item 1", "csrf": "…",
///  "notices": [{"kind": "success", "text": "Item created."}],
///  "tree": {…NavigationSnapshot…},
///  "breadcrumbs": [{"title": "list", "path": "/member/items", "presentation": null}, …],
///  "tabs": [{"name": "home", "title": "Home", "icon": "house", "path": "/member/home", "active": false,
///            "badge": null}, …],
///  "tabBars": [{"coordinator": "MemberTabs", "tabs": […]}],
///  "modal": null, "fullScreen": null,
///  "routes": {"create": "/member/items/item/1/create", "item": "/member/items/item/1/item/{input}"},
///  "pop": "/member/items", "template": "test/item", "screen": {…the top screen's view model…}}
/// ```
///
/// A 422 adds `error`, `message`, `status`, `fieldErrors` and `form`. Every path is a public URL
/// (under the app's mount path, given as `mount`: `""` at `/`, else e.g. `"/todo"`); the `tree`
/// snapshot holds app state, not URLs.
enum NavigationStateJSON {
    static func render(_ page: PageDocument, mount: MountPath) throws -> String {
        let layout = page.layout
        let echo = page.echo
        guard let snapshot = page.snapshot else {
            throw NavigationError.snapshotMismatch(reason: "a JSON page was loaded without its snapshot")
        }
        let snapshotText = snapshot.jsonText
        var writer = JSONWriter()
        writer.object { json in
            json.string("path", mount.url(for: page.path))
            json.string("mount", mount.prefix)
            json.string("title", page.topTitle)
            json.string("csrf", page.csrf)
            json.key("notices") { $0.array(page.notices) { $0.value(Self.notice($1)) } }
            json.key("tree") { $0.raw(snapshotText) }
            json.key("breadcrumbs") { crumbs in
                crumbs.array(page.screens) { writer, entry in
                    writer.object { crumb in
                        crumb.string("title", entry.title)
                        crumb.string("path", mount.url(for: entry.path))
                        crumb.string("presentation", entry.presentation?.rawValue)
                    }
                }
            }
            let bars = page.tabBars
            json.key("tabs") { $0.array(bars.first?.tabs ?? []) { $0.value(Self.tab($1, mount: mount)) } }
            json.key("tabBars") { writer in
                writer.array(bars) { writer, bar in
                    writer.object { object in
                        object.string("coordinator", bar.coordinator)
                        object.key("tabs") { $0.array(bar.tabs) { $0.value(Self.tab($1, mount: mount)) } }
                    }
                }
            }
            // The same layout the HTML page is rendered from, so both always agree.
            let modal = layout.modalStart.map { start in
                (page.screens[start].route, page.screens[start].presentation ?? .modal, layout.modalClosePath)
            }
            let fullScreen =
                layout.isFullScreen
                ? (page.screens[layout.pageRange.lowerBound].route, Presentation.fullScreen, layout.fullScreenClosePath)
                : nil
            for (key, presentation) in [("modal", modal), ("fullScreen", fullScreen)] {
                json.key(key) { writer in
                    guard let (route, style, close) = presentation else { return writer.null() }
                    writer.object { object in
                        object.string("route", route)
                        object.string("style", style.rawValue)
                        object.string("close", close.map(mount.url(for:)))
                    }
                }
            }
            json.key("routes") { writer in
                writer.object { routes in
                    for route in page.routes { routes.string(route.name, mount.url(for: route.path)) }
                }
            }
            json.string("pop", page.pathAfterPop.map(mount.url(for:)))
            json.string("template", page.top.template)
            json.value("screen", page.viewModels[page.topIndex] ?? .null)
            if let echo, let rejection = echo.rejection {
                json.string("error", "invalidForm")
                json.string("message", rejection.message)
                json.int("status", 422)
                let extras = echo.viewModel
                json.value("fieldErrors", extras["fieldErrors"] ?? [:])
                json.value("form", extras["form"] ?? [:])
            }
        }
        return writer.output
    }

    /// A notice as JSON and as the templates' `notices` see it.
    static func notice(_ notice: Notice) -> ViewModel {
        ["kind": .string(notice.kind.rawValue), "text": .string(notice.text)]
    }

    /// A tab as JSON and as the templates' `tabs` see it.
    // Not inlined: inlined into a page's composition (once per tab), its literal's element
    // array was no longer kept on the stack: one more allocation per tab (allocation budgets).
    @inline(never)
    static func tab(_ tab: TabBar.Tab, mount: MountPath) -> ViewModel {
        [
            "name": .string(tab.name), "title": .string(tab.title), "icon": tab.icon.map(ViewModel.string) ?? .null,
            "path": .string(mount.url(for: tab.path)), "active": .bool(tab.isActive),
            "badge": tab.badge.map(ViewModel.string) ?? .null,
        ]
    }
}
