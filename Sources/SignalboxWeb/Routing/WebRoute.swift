import HTTPTypes
import Signalbox
import SignalboxHTTP

/// What a request asks for, resolved once from its method and path before any session is
/// touched: the one place where the web layer's URL space is laid out. The paths below are app
/// paths: under a mount path (``MountPath``) each starts with it, and anything outside it is a 404.
///
/// | Method and path | Route |
/// |---|---|
/// | `GET`/`HEAD` `<path>` | ``page(_:)`` — reshape the tree to the path and show it |
/// | `GET`/`HEAD` `<path>?download=<name>` | ``download(_:name:)`` — reshape, then the top screen's file |
/// | `POST <path>` | ``form(_:)`` — a form for the screen on top of that path |
/// | `POST /_nav/<action>` | ``navigation(_:)`` — the router API |
/// | `POST /_draft` | ``draft`` — keep (or discard) the draft of a page's form |
/// | `GET /_live?page=<URL path>` | ``live`` — a live page's event stream |
/// | `GET`/`HEAD` `/_dev/tree`, `/_dev/routes`, `/_dev/sessions`, `/_dev/openapi.json` | developer pages (with developer tools on) |
/// | `GET`/`HEAD` `/_signalbox/signalbox.css`, `/_signalbox/signalbox.js` (`drafts.js`) | the default layout's stylesheet, the page script (drafts, live pages) |
enum WebRoute: Equatable {
    case page(String)
    case download(String, name: String)
    case form(String)
    case navigation(NavigationAction)
    case draft
    case live
    case developerTree
    case sessionStats
    case openAPIDocument
    case routeTable
    /// A file the library ships (the default stylesheet).
    case libraryStylesheet
    /// A script the library ships (drafts).
    case libraryScript

    static let developerTreePath = "/_dev/tree"
    static let sessionStatsPath = "/_dev/sessions"
    static let openAPIDocumentPath = "/_dev/openapi.json"
    static let routeTablePath = "/_dev/routes"
    static let draftPath = "/_draft"
    static let livePath = "/_live"

    /// Resolves `method` and the raw request path (mount path included), refusing what no
    /// route answers. The routes carry app paths.
    init(
        method: HTTPRequest.Method,
        path requestPath: String,
        query: String? = nil,
        configuration: WebApp.Configuration
    ) throws {
        if requestPath.utf8.count > configuration.maxPathBytes {
            throw WebError.pathTooLong(limit: configuration.maxPathBytes)
        }
        guard let path = configuration.mountPath.appPath(of: requestPath) else {
            throw WebError.notFound("There is no page at \(requestPath.prefix(64)).")
        }
        let isRead = method == .get || method == .head
        if path == "/_nav" || path.hasPrefix("/_nav/") {
            guard method == .post else { throw WebError.methodNotAllowed(allow: "POST") }
            guard let action = NavigationAction(path: path) else {
                throw WebError.notFound("There is no navigation action \(path.prefix(64)).")
            }
            self = .navigation(action)
            return
        }
        if path == Self.draftPath {
            guard method == .post else { throw WebError.methodNotAllowed(allow: "POST") }
            self = .draft
            return
        }
        if path == Self.livePath {
            guard method == .get else { throw WebError.methodNotAllowed(allow: "GET") }
            self = .live
            return
        }
        if path == "/_dev" || path.hasPrefix("/_dev/") {
            let route: WebRoute? =
                switch path {
                case Self.developerTreePath: .developerTree
                case Self.sessionStatsPath: .sessionStats
                case Self.openAPIDocumentPath: .openAPIDocument
                case Self.routeTablePath: .routeTable
                default: nil
                }
            guard configuration.developerTools, let route else {
                throw WebError.notFound("There is no page at \(path.prefix(64)).")
            }
            guard isRead else { throw WebError.methodNotAllowed(allow: "GET, HEAD") }
            self = route
            return
        }
        if path == "/_signalbox" || path.hasPrefix("/_signalbox/") {
            let route: WebRoute? =
                switch path {
                case DefaultStylesheet.path: .libraryStylesheet
                case PageScript.path, PageScript.draftsPath: .libraryScript
                default: nil
                }
            guard let route else { throw WebError.notFound("There is no file at \(path.prefix(64)).") }
            guard isRead else { throw WebError.methodNotAllowed(allow: "GET, HEAD") }
            self = route
            return
        }
        try PathLimits.refuseNUL(in: path)
        if PathLimits.segmentCount(of: path) > configuration.maxDepth * 3 + 4 {
            throw NavigationError.tooDeep(limit: configuration.maxDepth)
        }
        if isRead, let query, let name = Self.downloadName(in: query) {
            self = .download(path, name: name)
        } else if isRead {
            self = .page(path)
        } else if method == .post {
            self = .form(path)
        } else {
            throw WebError.methodNotAllowed(allow: "GET, HEAD, POST")
        }
    }
}

extension WebRoute {
    /// The `download` parameter of a query, percent-decoded; `nil` when there is none (or it
    /// is not text).
    static func downloadName(in query: String) -> String? {
        for pair in query.split(separator: "&") where pair.hasPrefix("download=") {
            let raw = pair.dropFirst("download=".count)
            guard let form = try? FormCodec().decode(Array("n=\(raw)".utf8)), let name = form["n"], !name.isEmpty
            else { return nil }
            return name
        }
        return nil
    }
}

enum PathLimits {
    static func segmentCount(of path: String) -> Int {
        path.withUTF8Bytes { bytes in bytes.count { $0 == UInt8(ascii: "/") } }
    }

    /// A NUL byte (`%00`) is refused in every path the web layer applies (request paths and
    /// `from`): the core would take it as part of an input, and no page of a site has one.
    static func refuseNUL(in path: String) throws(NavigationError) {
        if path.withUTF8Bytes({ $0.contains(0) }) || path.containsASCII("%00") {
            throw .malformedPath(path: String(path.prefix(128)), reason: "a NUL byte (%00) is not allowed")
        }
    }
}
