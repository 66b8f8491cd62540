import CHeap
import DemoApp
import HTTPTypes
import Logging
import Signalbox
import SignalboxHTTP
import SignalboxMHD
import SignalboxWeb
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let inline = InlineExecutor()

// MARK: Set-up

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func defaultTemplates() -> String {
    if let given = option("--templates") { return given }
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(5)  // main.swift, RenderBenchmarks, Sources, render, Benchmarks
    return parts.joined(separator: "/") + "/Templates"
}

/// Records the render calls of one request when armed.
final class RecordingRenderer: TemplateRenderer {
    let base: any TemplateRenderer
    private let calls = Mutex<[(String, ViewModel)]?>(nil)

    init(_ base: any TemplateRenderer) { self.base = base }

    func render(_ name: String, with viewModel: ViewModel) throws -> String {
        self.calls.withLock { calls in calls?.append((name, viewModel)) }
        return try self.base.render(name, with: viewModel)
    }

    func hasTemplate(named name: String) -> Bool { self.base.hasTemplate(named: name) }

    func record(_ body: () async throws -> Void) async rethrows -> [(String, ViewModel)] {
        self.calls.withLock { $0 = [] }
        try await body()
        return self.calls.withLock { calls in
            defer { calls = nil }
            return calls ?? []
        }
    }
}

/// Renders nothing: what a request costs without templates.
struct NullRenderer: TemplateRenderer {
    func render(_ name: String, with viewModel: ViewModel) throws -> String { "" }
    func hasTemplate(named name: String) -> Bool { true }
}

func makeStore() -> InMemoryTodoStore {
    let store = InMemoryTodoStore.demo()
    let alice = store.authenticate(username: "alice", password: "wonderland")!
    var count = store.todos(of: alice).count
    while count < 20 {
        count += 1
        _ = try! store.addTodo(title: "Todo number \(count)", for: alice)
    }
    return store
}

func makeApp(_ renderer: some TemplateRenderer, store: InMemoryTodoStore) -> WebApp {
    var logger = Logger(label: "render-benchmarks")
    logger.logLevel = .critical
    return WebApp(renderer: renderer, logger: logger) { TodoWebApp.makeTree(store: store) }
}

func get(_ path: String, cookie: String?, json: Bool = false) -> Request {
    var fields = HTTPFields()
    if let cookie { fields[.cookie] = "signalbox_session=\(cookie)" }
    if json { fields[.accept] = "application/json" }
    return Request(
        head: HTTPRequest(method: .get, scheme: nil, authority: "127.0.0.1", path: path, headerFields: fields)
    )
}

func cookie(of response: Response) -> String? {
    for field in response.headerFields where field.name == .setCookie {
        if let range = field.value.range(of: "signalbox_session=") {
            return String(field.value[range.upperBound...].prefix { $0 != ";" })
        }
    }
    return nil
}

/// Logs in through HTTP semantics; returns the session cookie (the list page is then current).
func logIn(_ app: WebApp) async throws -> String {
    let session = try await logIn(app, to: "/authenticated/todos")
    let page = try await app.respond(to: get("/authenticated/todos", cookie: session))
    guard page.status == .ok else { fatalError("list page: \(page.status)") }
    return session
}

/// A new session: a cookieless GET of `path` (the guard keeps it as the pending path), then the
/// login form, which continues to `path`. Returns the session cookie.
func logIn(_ app: WebApp, to path: String) async throws -> String {
    let first = try await app.respond(to: get(path, cookie: nil, json: true))
    let body = String(decoding: first.body, as: UTF8.self)
    guard let id = cookie(of: first), let start = body.range(of: "\"csrf\":\"") else {
        fatalError("no session or csrf in \(first.status): \(body.prefix(200))")
    }
    let csrf = String(body[start.upperBound...].prefix { $0 != "\"" })
    var fields = HTTPFields()
    fields[.cookie] = "signalbox_session=\(id)"
    fields[.contentType] = "application/x-www-form-urlencoded"
    fields[HTTPField.Name("X-CSRF-Token")!] = csrf
    fields[.accept] = "application/json"
    let login = try await app.respond(
        to: Request(
            head: HTTPRequest(
                method: .post,
                scheme: nil,
                authority: "127.0.0.1",
                path: "/unauthenticated",
                headerFields: fields
            ),
            body: Array("username=alice&password=wonderland".utf8)
        )
    )
    guard let session = cookie(of: login), String(decoding: login.body, as: UTF8.self).contains("\"path\":\"\(path)\"")
    else { fatalError("login failed: \(login.status)") }
    return session
}

/// Heap bytes (glibc's in-use bytes) per logged-in session with a 3-deep Todos stack, measured
/// in-process over `count` sessions — the figure RSS approximates, without page granularity.
func sessionMemory(count: Int) async throws {
    let app = makeApp(try mustache(), store: makeStore())
    for _ in 0..<100 { _ = try await logIn(app, to: deepPath) }  // warm-up (lazy globals, first growths)
    let before = cheap_in_use_bytes()
    for _ in 0..<count { _ = try await logIn(app, to: deepPath) }
    let after = cheap_in_use_bytes()
    print("sessions \(count + 100)")
    print("heap_in_use_before \(before)")
    print("heap_in_use_after \(after)")
    print("heap_bytes_per_session \((after - before) / count)")
}

let listPath = "/authenticated/todos"
let todoPath = "/authenticated/todos/todo/1"
let deepPath = "/authenticated/todos/todo/1/todo/2"

// MARK: Benchmarks

struct Benchmark {
    let name: String
    /// Prepares and returns one operation.
    let make: () async throws -> () async throws -> Void
}

let templates = defaultTemplates()  // computed once (global lets are lazy and thread-safe)

func requestBenchmark(
    _ name: String,
    renderer: @escaping () throws -> any TemplateRenderer,
    paths: [String]
)
    -> Benchmark
{
    Benchmark(name: name) {
        let app = makeApp(try renderer(), store: makeStore())
        let session = try await logIn(app)
        let requests = paths.map { get($0, cookie: session) }
        var index = 0
        return {
            let response = try await app.respond(to: requests[index])
            precondition(response.status == .ok, "\(response.status)")
            index = (index + 1) % requests.count
        }
    }
}

/// The list page revalidated: `If-None-Match` with the page's `ETag` → `304`, nothing rendered.
func revalidationBenchmark(_ name: String, renderer: @escaping () throws -> any TemplateRenderer) -> Benchmark {
    Benchmark(name: name) {
        let app = makeApp(try renderer(), store: makeStore())
        let session = try await logIn(app)
        let page = try await app.respond(to: get(listPath, cookie: session))
        guard let etag = page.headerFields[.eTag] else { throw BenchmarkError.noValidator }
        var request = get(listPath, cookie: session)
        request.head.headerFields[.ifNoneMatch] = etag
        let revalidation = request
        return {
            let response = try await app.respond(to: revalidation)
            precondition(response.status == .notModified, "\(response.status)")
        }
    }
}

enum BenchmarkError: Error {
    case noValidator
}

/// The render calls of one list-page request.
func recordedListCalls() async throws -> [(String, ViewModel)] {
    let recorder = RecordingRenderer(try MustacheRenderer(directory: templates))
    let app = makeApp(recorder, store: makeStore())
    let session = try await logIn(app)
    let request = get(listPath, cookie: session)
    return try await recorder.record { _ = try await app.respond(to: request) }
}

func renderBenchmark(_ name: String, renderer: @escaping () throws -> any TemplateRenderer) -> Benchmark {
    Benchmark(name: name) {
        let renderer = try renderer()
        let calls = try await recordedListCalls()
        return {
            // As pages render: into UTF-8 (the String API is for values that become strings).
            for (template, model) in calls { _ = try renderer.renderUTF8(template, with: model) }
        }
    }
}

/// The library's renderer forced to swift-mustache for every template.
func mustache() throws -> MustacheRenderer { try MustacheRenderer(directory: templates, engine: .swiftMustache) }
/// The library's renderer with its default, compiled engine (what the demo serves).
func compiled() throws -> MustacheRenderer { try MustacheRenderer(directory: templates, engine: .compiled) }

func allBenchmarks() -> [Benchmark] {
    [
        requestBenchmark("request: list page", renderer: mustache, paths: [listPath]),
        requestBenchmark(
            "request: list ↔ todo (reshape every request)",
            renderer: mustache,
            paths: [listPath, todoPath]
        ),
        requestBenchmark("request: 3-deep todo page", renderer: mustache, paths: [deepPath]),
        requestBenchmark("request: list page, no-op renderer", renderer: { NullRenderer() }, paths: [listPath]),
        renderBenchmark("render: list page, swift-mustache", renderer: mustache),
        renderBenchmark("render: list page, compiled (library)", renderer: compiled),
        requestBenchmark("request: list page, compiled (library)", renderer: compiled, paths: [listPath]),
        requestBenchmark(
            "request: list ↔ todo, compiled (library)",
            renderer: compiled,
            paths: [listPath, todoPath]
        ),
        revalidationBenchmark("request: list page revalidated (304)", renderer: compiled),
    ]
}

func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

func measure(_ benchmark: Benchmark) async throws -> [Double] {
    let operation = try await benchmark.make()
    for _ in 0..<200 { try await operation() }  // warm up
    var rounds: [Double] = []
    for _ in 0..<5 {
        var iterations = 0
        let start = now()
        var elapsed: UInt64 = 0
        repeat {
            for _ in 0..<100 { try await operation() }
            iterations += 100
            elapsed = now() - start
        } while elapsed < 60_000_000
        rounds.append(Double(elapsed) / Double(iterations) / 1000)
    }
    return rounds
}

func format(_ value: Double) -> String {
    String(Double(Int((value * 100).rounded())) / 100)
}

// MARK: Verification and dumps

func pages(_ renderer: any TemplateRenderer) async throws -> [(String, [UInt8])] {
    let app = makeApp(renderer, store: makeStore())
    let session = try await logIn(app)
    var result: [(String, [UInt8])] = []
    for path in [
        listPath, todoPath, deepPath, "/authenticated/todos/createTodo", "/authenticated/home",
        "/authenticated/projects", "/authenticated/profile", "/authenticated/todos/todo/999",
    ] {
        let response = try await app.respond(to: get(path, cookie: session))
        // The CSRF token is per session; blank it so two apps' pages compare.
        var body = String(decoding: response.body, as: UTF8.self)
        if let token = body.range(of: #"name="_csrf" value=""#) {
            let end = body[token.upperBound...].firstIndex(of: "\"")!
            body.replaceSubrange(token.upperBound..<end, with: "CSRF")
            while let next = body.range(of: #"value="[0-9a-f]{32}""#, options: .regularExpression) {
                body.replaceSubrange(next, with: #"value="CSRF""#)
            }
        }
        result.append(("\(response.status.code) \(path)", Array(body.utf8)))
    }
    return result
}

// MARK: Serve (the demo with a chosen renderer, for the load benchmark)

func serve(port: Int, useSwiftMustache: Bool) async throws {
    var logger = Logger(label: "render-benchmarks-serve")
    logger.logLevel = .warning
    let renderer = useSwiftMustache ? try mustache() : try compiled()
    let app = WebApp(renderer: renderer, logger: logger) {
        TodoWebApp.makeTree(store: sharedStore)
    }
    var publicRoot = templates
    publicRoot.removeLast("Templates".count)
    let site = StaticFiles(root: publicRoot + "Public", fallback: app)
    let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: port), responder: site, logger: logger)
    try await runUntilSignalled(server)
}

/// Starts `server`, prints its port ("Listening on …", for Benchmarks/lib.sh's start_server) and
/// runs it until SIGINT or SIGTERM.
func runUntilSignalled(_ server: HTTPServer) async throws {
    let signals = try SignalWaiter()
    try server.start()
    print("Listening on http://127.0.0.1:\(server.port)")
    fflush(nil)
    _ = await signals.wait()
    await server.shutdown()
}

/// The demo's store as `todo-demo` starts it (Benchmarks/load/client.py adds the todos).
let sharedStore = InMemoryTodoStore.demo()
