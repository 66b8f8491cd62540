import PostgresNIO
import SignalboxWeb
import TodoApp

// One user's todos, projects, settings and change count in one statement, read at most once per
// request: a list page asks for all four (its data version first), a todo's page for its todo
// twice and the projects; each ask used to be a round trip.
extension PostgresTodoStore {
    /// What a page of one user's data shows.
    struct UserData: Sendable {
        var todos: [Todo] = []
        var projects: [Project] = []
        var settings = UserSettings(hidesCompletedTodos: false)
        /// 0 for an unknown user, as ``changeCount(of:)`` says.
        var changeCount = 0
    }

    /// The key of a user's data in the request's ``RequestMemo``.
    struct UserDataKey: Hashable, Sendable {
        var username: String
    }

    /// The user's data: one round trip the first time a request asks, none after (until the
    /// request writes: see ``write(_:operation:_:)``). Outside a request, one round trip each time.
    func userData(of user: User) async throws(TodoStoreError) -> UserData {
        try await RequestMemo.value(for: UserDataKey(username: user.username)) { () async throws(TodoStoreError) in
            // One shape for three kinds of row, ordered by kind then id: the user's row (change
            // count, settings), the todos, the projects.
            try await self.read(
                """
                SELECT 0 AS kind, change_count AS id, '' AS text, hides_completed_todos AS flag,
                       false AS favorite, NULL::bigint AS project_id, '' AS note
                FROM users WHERE username = \(user.username)
                UNION ALL
                SELECT 1, id, title, done, favorite, project_id, note FROM todo WHERE username = \(user.username)
                UNION ALL
                SELECT 2, id, name, favorite, false, NULL, '' FROM project WHERE username = \(user.username)
                ORDER BY kind, id
                """,
                operation: "userData"
            ) { rows in try Self.userData(rows) }
        }
    }

    static func userData(_ rows: [PostgresRow]) throws -> UserData {
        var data = UserData()
        for row in rows {
            // Cell by cell: decoding a tuple looks up its generic metadata for every row (5 % of
            // a list page's CPU in a profile).
            let cells = row.makeRandomAccess()
            let kind = try cells[0].decode(Int.self)
            let id = try cells[1].decode(Int.self)
            let text = try cells[2].decode(String.self)
            let flag = try cells[3].decode(Bool.self)
            let favorite = try cells[4].decode(Bool.self)
            let project = try cells[5].decode(Int?.self)
            let note = try cells[6].decode(String.self)
            switch kind {
            case 0:
                data.changeCount = id
                data.settings = UserSettings(hidesCompletedTodos: flag)
            case 1:
                data.todos.append(
                    Todo(id: id, title: text, isDone: flag, isFavorite: favorite, projectID: project, note: note)
                )
            default:
                data.projects.append(Project(id: id, name: text, isFavorite: flag))
            }
        }
        return data
    }
}
