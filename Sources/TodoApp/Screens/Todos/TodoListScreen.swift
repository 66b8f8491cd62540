import Signalbox

/// The Todos tab's root: the user's todos (done ones hidden if the settings say so),
/// ``pageSize`` a page; the root shows the first, a pushed `page/N` the others.
struct TodoListScreen: UserDataScreen {
    let account: Account
    /// Which page, from 1.
    var page = 1

    /// Todos a page.
    static let pageSize = 50

    /// The pages `count` todos take (at least one, empty).
    static func pageCount(of count: Int) -> Int {
        max(1, (count + Self.pageSize - 1) / Self.pageSize)
    }

    var template: String { "todos/list" }
    var title: String { self.page == 1 ? "Todos" : "Todos, page \(self.page)" }
    /// What `todos/list` shows.
    struct Model: Encodable {
        let todos: [TodoRow]
        let hasTodos: Bool
        let count: Int
        let doneCount: Int
        let hiddenCount: Int
        let hasHidden: Bool
        let page: Int
        let pageCount: Int
        let hasPages: Bool
        /// The app paths of the pages before and after this one, if any.
        let previousPage: String?
        let nextPage: String?
    }

    var viewModel: ViewModel {
        get async throws {
            let all = try await self.store.todos(of: self.user)
            let projects = try await self.store.projects(of: self.user)
            let hidesDone = try await self.store.settings(of: self.user).hidesCompletedTodos
            let shown = hidesDone ? all.filter { !$0.isDone } : all
            let pageCount = Self.pageCount(of: shown.count)
            let start = min((self.page - 1) * Self.pageSize, shown.count)
            let rows = shown[start..<min(start + Self.pageSize, shown.count)]
            func path(_ page: Int) -> String? {
                guard (1...pageCount).contains(page) else { return nil }
                return page == 1 ? "/authenticated/todos" : "/authenticated/todos/page/\(page)"
            }
            return try ViewModel(
                encoding: Model(
                    todos: try TodoRow.rows(Array(rows), projects: projects),
                    hasTodos: !shown.isEmpty,
                    count: all.count,
                    doneCount: all.count(where: \.isDone),
                    hiddenCount: all.count - shown.count,
                    hasHidden: shown.count < all.count,
                    page: self.page,
                    pageCount: pageCount,
                    hasPages: pageCount > 1,
                    previousPage: path(self.page - 1),
                    nextPage: path(self.page + 1)
                )
            )
        }
    }
}
