import Signalbox

/// The JSON answer to a request with `Accept: application/json`: the session's navigation state.
///
/// ```json
/// {"path": "/member/items/item/1", "title": "item 1", "csrf": "…",
///  "tree": {…NavigationSnapshot…},
///  "breadcrumbs": [{"title": "list", "path": "/member/items", "presentation": null}, …],
///  "tabs": [{"name": "home", "title": "Home", "icon": "house", "path": "/member/home", "active": false}, …],
///  "tabBars": [{"coordinator": "MemberTabs", "tabs": […]}],
///  "modal": null, "fullScreen": null,
///  "routes": {"create": "/member/items/item/1/create", "item": "/member/items/item/1/item/{input}"},
///  "pop": "/member/items", "template": "test/item", "screen": {…the top screen's view model…}}
/// ```
///
/// A 422 adds `error`, `message`, `status`, `fieldErrors` and `form`.
enum NavigationStateJSON {
    static func render(_ page: PageDocument) throws -> String {
        let layout = page.layout
        let echo = page.echo
        guard let snapshot = page.snapshot else {
            throw NavigationError.snapshotMismatch(reason: "a JSON page was loaded without its snapshot")
        }
        let snapshotText = snapshot.jsonText
        var writer = JSONWriter()
        writer.object { json in
            json.string("path", page.path)
            json.string("title", page.topTitle)
            json.string("csrf", page.csrf)
            json.key("tree") { $0.raw(snapshotText) }
            json.key("breadcrumbs") { crumbs in
                crumbs.array(page.screens) { writer, entry in
                    writer.object { crumb in
                        crumb.string("title", entry.title)
                        crumb.string("path", entry.path)
                        crumb.string("presentation", entry.presentation?.rawValue)
                    }
                }
            }
            let bars = page.tabBars
            json.key("tabs") { $0.array(bars.first?.tabs ?? []) { $0.value(Self.tab($1)) } }
            json.key("tabBars") { writer in
                writer.array(bars) { writer, bar in
                    writer.object { object in
                        object.string("coordinator", bar.coordinator)
                        object.key("tabs") { $0.array(bar.tabs) { $0.value(Self.tab($1)) } }
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
                        object.string("close", close)
                    }
                }
            }
            json.key("routes") { writer in
                writer.object { routes in
                    for route in page.routes { routes.string(route.name, route.path) }
                }
            }
            json.string("pop", page.pathAfterPop)
            json.string("template", page.top.template)
            json.value("screen", page.viewModels[page.topIndex] ?? .null)
            if let echo {
                json.string("error", "invalidForm")
                json.string("message", echo.rejection.message)
                json.int("status", 422)
                let extras = echo.viewModel
                json.value("fieldErrors", extras["fieldErrors"] ?? [:])
                json.value("form", extras["form"] ?? [:])
            }
        }
        return writer.output
    }

    static func tab(_ tab: TabBar.Tab) -> ViewModel {
        [
            "name": .string(tab.name), "title": .string(tab.title), "icon": tab.icon.map(ViewModel.string) ?? .null,
            "path": .string(tab.path), "active": .bool(tab.isActive),
        ]
    }
}
