// The peer of the load benchmark (case e): what a Swift developer would write without Signalbox.
// Hummingbird 2 serves the demo's todo list for a logged-in session from an in-memory cookie
// session (a dictionary behind a Mutex, keyed by a random cookie), rendering the repository's own
// Templates/layout.mustache, wrappers/flow.mustache and todos/list.mustache through
// swift-mustache's MustacheLibrary with the same view model SignalboxWeb builds (title, path,
// breadcrumbs, five tabs, content), so the HTML body equals the demo's byte for byte (run.sh
// checks it after normalising the CSRF token).
//
// Usage: HummingbirdTodo [--port N] [--templates DIR] [--todos N]
//   prints "Listening on http://127.0.0.1:PORT" once bound (0 picks a free port).
// Routes:
//   POST /login  username=alice&password=wonderland  → 303 /authenticated/todos + Set-Cookie
//   GET  /authenticated/todos                        → the list page (303 /login without a session)

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Mustache
import Synchronization

// MARK: Data: the demo's store (alice's two projects and four todos) plus numbered todos

struct Todo: Sendable {
    var id: Int
    var title: String
    var isDone = false
    var isFavorite = false
    var projectID: Int?
}

struct Project: Sendable {
    var id: Int
    var name: String
    var isFavorite = false
}

final class TodoStore: Sendable {
    private let state: Mutex<(todos: [Todo], projects: [Project])>

    /// The demo's data (as `InMemoryTodoStore.demo()`), then todos titled "Todo number 5"… up to
    /// `count` (the titles Benchmarks/load/setup.sh creates through the demo's HTTP interface).
    init(todoCount: Int) {
        let projects = [Project(id: 1, name: "Garden"), Project(id: 2, name: "Tea party", isFavorite: true)]
        var todos = [
            Todo(id: 1, title: "Buy milk", isFavorite: true, projectID: 2),
            Todo(id: 2, title: "Paint the roses red", isDone: true, projectID: 1),
            Todo(id: 3, title: "Send the invitations", isFavorite: true, projectID: 2),
            Todo(id: 4, title: "Read Through the Looking-Glass"),
        ]
        if todoCount > 4 {
            for id in 5...todoCount { todos.append(Todo(id: id, title: "Todo number \(id)")) }
        }
        self.state = Mutex((todos, projects))
    }

    func snapshot() -> (todos: [Todo], projects: [Project]) {
        self.state.withLock { $0 }
    }
}

// MARK: Sessions: random cookie → session, behind one Mutex

struct Session: Sendable {
    var username: String
    var csrf: String
}

final class SessionStore: Sendable {
    private let sessions = Mutex<[String: Session]>([:])

    func create(username: String) -> String {
        let id = Self.randomHex(16)
        let session = Session(username: username, csrf: Self.randomHex(16))
        self.sessions.withLock { $0[id] = session }
        return id
    }

    func session(_ id: String) -> Session? {
        self.sessions.withLock { $0[id] }
    }

    static func randomHex(_ bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes * 2)
        for _ in 0..<bytes {
            let byte = UInt8.random(in: 0...255, using: &generator)
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

// MARK: The page: the same view model SignalboxWeb's PageComposer builds for /authenticated/todos

struct TodoPage: Sendable {
    let library: MustacheLibrary

    static let path = "/authenticated/todos"
    nonisolated(unsafe) static let tabs: [[String: Any]] = [  // immutable after start-up
        ("home", "Home", "house"), ("todos", "Todos", "checklist"), ("projects", "Projects", "folder"),
        ("profile", "Profile", "person"), ("testbed", "Testbed", "flask"),
    ].map { name, title, icon in
        ["name": name, "title": title, "icon": icon, "path": "/authenticated/\(name)", "active": name == "todos"]
    }

    func render(store: TodoStore, session: Session) -> String {
        let (todos, projects) = store.snapshot()
        let items: [[String: Any]] = todos.map { todo in
            var fields: [String: Any] = [
                "id": todo.id, "title": todo.title, "isDone": todo.isDone, "isFavorite": todo.isFavorite,
            ]
            if let projectID = todo.projectID, let project = projects.first(where: { $0.id == projectID }) {
                fields["project"] = ["id": project.id, "name": project.name, "isFavorite": project.isFavorite]
            } else {
                fields["project"] = false  // present and falsy, so {{#project}} does not climb outwards
            }
            return fields
        }
        let doneCount = todos.count(where: \.isDone)
        let screen: [String: Any] = [
            "todos": items, "hasTodos": !items.isEmpty, "count": todos.count, "doneCount": doneCount,
            "hiddenCount": 0, "hasHidden": false,
            "csrf": session.csrf, "path": Self.path, "base": Self.path,
        ]
        let list = self.library.render(screen, withTemplate: "todos/list") ?? ""
        let wrapped =
            self.library.render(
                ["flow": "todos", "content": list, "csrf": session.csrf, "path": Self.path, "base": Self.path],
                withTemplate: "wrappers/flow") ?? ""
        let page: [String: Any] = [
            "title": "Todos", "path": Self.path, "base": Self.path, "csrf": session.csrf, "template": "todos/list",
            "breadcrumbs": [["title": "Todos", "path": Self.path, "current": true]], "hasBreadcrumbs": true,
            "tabs": Self.tabs, "tabBars": [["tabs": Self.tabs]], "hasTabs": true, "content": wrapped,
            "modal": false, "fullScreen": false, "fullScreenClose": false, "popPath": false, "devTools": false,
            "status": 200,
        ]
        return self.library.render(page, withTemplate: "layout") ?? ""
    }
}

// MARK: Server

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let port = Int(argument("--port") ?? "8090") ?? 8090
let templates = argument("--templates") ?? "Templates"
let store = TodoStore(todoCount: Int(argument("--todos") ?? "20") ?? 20)
let sessions = SessionStore()
let page = TodoPage(library: try await MustacheLibrary(directory: templates))
let cookieName = "signalbox_session"

/// The headers SignalboxWeb adds to every response, so both servers send the same bytes.
func standardHeaders(contentType: String? = nil) -> HTTPFields {
    var fields = HTTPFields()
    if let contentType { fields[.contentType] = contentType }
    fields[.cacheControl] = "no-store, private"
    fields[.vary] = "Accept, Cookie"
    fields[.xContentTypeOptions] = "nosniff"
    fields[HTTPField.Name("Referrer-Policy")!] = "same-origin"
    fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
    fields[.contentSecurityPolicy] =
        "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
    return fields
}

func redirect(_ location: String) -> Response {
    var headers = standardHeaders()
    headers[.location] = location
    return Response(status: .seeOther, headers: headers)
}

let router = Router()
router.post("/login") { request, _ -> Response in
    let body = try await request.body.collect(upTo: 64 * 1024)
    var fields: [String: String] = [:]
    for pair in String(buffer: body).split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map {
            String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
        }
        if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    guard fields["username"] == "alice", fields["password"] == "wonderland" else {
        return Response(status: .forbidden, headers: standardHeaders())
    }
    let id = sessions.create(username: "alice")
    var response = redirect(TodoPage.path)
    response.headers[.setCookie] = "\(cookieName)=\(id); Path=/; HttpOnly; SameSite=Lax"
    return response
}
router.get(RouterPath(TodoPage.path)) { request, _ -> Response in
    guard let id = request.cookies[cookieName]?.value, let session = sessions.session(id) else {
        return redirect("/login")
    }
    let html = page.render(store: store, session: session)
    return Response(
        status: .ok, headers: standardHeaders(contentType: "text/html; charset=utf-8"),
        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
}

var logger = Logger(label: "hummingbird-todo")
logger.logLevel = .warning
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { channel in
        print("Listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)")
        fflush(nil)
    },
    logger: logger
)
try await app.runService()
