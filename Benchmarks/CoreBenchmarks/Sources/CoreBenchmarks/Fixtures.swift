import Signalbox

final class Page: Screen {
    let id: Int
    init(id: Int) { self.id = id }
    var template: String { "page" }
    var title: String { "Page \(self.id)" }
    var viewModel: ViewModel { ["id": .int(self.id)] }
}

final class Flow: NavigationCoordinatable {
    let stack = NavigationStack(initial: \Flow.start)
    @Root var start = makeStart
    @Route(.push) var item = makeItem
    @Route(.modal) var sheet = makeSheet
    @Route(.push) var filter = makeFilter
    @Route(.push) var cell = makeCell
    func makeStart() -> Page { Page(id: 0) }
    func makeItem(id: Int) -> Page { Page(id: id) }
    func makeSheet() -> Page { Page(id: -1) }
    func makeFilter(_ filter: Filter) -> Page { Page(id: filter.tags.count) }
    func makeCell(row: Int, column: String) -> Page { Page(id: row) }
}

/// A structured route input: `(done=false,tags=(home,work),text=milk)`.
struct Filter: Codable {
    var text: String
    var tags: [String]
    var done: Bool?
}

final class App: NavigationCoordinatable {
    let stack = NavigationStack(initial: \App.home)
    @Root var home = makeHome
    @Root var flow = makeFlow
    func makeHome() -> Page { Page(id: 0) }
    func makeFlow() -> Flow { Flow() }
}

/// `/flow/item/1/item/2/…` with `depth` pushed items.
func path(depth: Int, last: Int? = nil) -> String {
    var path = "/flow"
    for index in 1...max(depth, 1) {
        path += "/item/\(index == depth ? (last ?? index) : index)"
    }
    return path
}
