public import Signalbox
import SignalboxHTTP

/// The JSON interface of a ``WebApp`` as an OpenAPI 3.1 document: the navigation state and its
/// schemas, every page the app's routes reach (as a path pattern), the forms, the router actions
/// under `/_nav`, every error code with its status, the session cookie and the CSRF token.
///
/// ```swift
/// let document = OpenAPIDocument(app: app)
/// try document.text.write(toFile: "Public/openapi.json", atomically: true, encoding: .utf8)
/// ```
///
/// The pages come from the app's ``/Signalbox/RouteMap``: each route at the shortest path that shows it
/// (`/authenticated/todos/todo/{todo}`); deeper stacks chain those patterns and answer the
/// same schemas. With developer tools on, the running app serves it at `/_dev/openapi.json`.
public struct OpenAPIDocument: Sendable {
    /// What the document says about the app, and the errors its screens throw.
    public struct Info: Sendable, Hashable {
        /// The API's title.
        public var title: String
        /// The API's version.
        public var version: String
        /// A longer description (Markdown).
        public var description: String?
        /// The errors the app's own code answers (``WebErrorConvertible``), one per status and
        /// code; messages are ignored. Listed with the library's in the document.
        public var errors: [WebError]

        /// The document's info.
        public init(
            title: String = "Signalbox app",
            version: String = "1.0.0",
            description: String? = nil,
            errors: [WebError] = []
        ) {
            self.title = title
            self.version = version
            self.description = description
            self.errors = errors
        }
    }

    /// The document as a JSON value.
    public let json: ViewModel

    /// The document of `app`: its configuration (``WebApp/Configuration/openAPI``, mount path,
    /// cookie name) and the routes of a fresh tree.
    public init(app: WebApp) {
        self.init(configuration: app.configuration, routes: RouteMap(tree: app.makeTree()))
    }

    /// The document of an app with this configuration and these routes.
    public init(configuration: WebApp.Configuration, routes: RouteMap) {
        let info = configuration.openAPI
        let errors = ErrorCatalogue(app: info.errors)
        var paths: [String: ViewModel] = [:]
        var operationIDs: Set<String> = []
        for page in Self.pages(routes) {
            paths[page.template] = Self.pageItem(page, errors: errors, ids: &operationIDs)
        }
        for action in Self.navigationActions(routes) {
            paths["/_nav/\(action.name)"] = ["post": Self.actionOperation(action, errors: errors)]
        }
        paths[WebRoute.draftPath] = ["post": Self.draftOperation(errors: errors)]
        paths[WebRoute.livePath] = ["get": Self.liveOperation(errors: errors)]
        for (path, id) in [(PageScript.path, "libraryPageScript"), (PageScript.draftsPath, "libraryDraftScript")] {
            paths[path] = [
                "get": [
                    "operationId": .string(id),
                    "summary":
                        "The optional page script: drafts of forms marked data-draft, live pages (body data-live).",
                    "responses": [
                        "200": ["description": "JavaScript", "content": ["text/javascript": ["schema": Schema.string]]]
                    ],
                ]
            ]
        }
        paths[DefaultStylesheet.path] = [
            "get": [
                "operationId": "libraryStylesheet",
                "summary": "The stylesheet of the library's default templates.",
                "responses": ["200": ["description": "CSS", "content": ["text/css": ["schema": Schema.string]]]],
            ]
        ]
        var document: [String: ViewModel] = [
            "openapi": "3.1.0",
            "info": .object(
                [
                    "title": .string(info.title), "version": .string(info.version),
                    "description": .string(info.description ?? Self.defaultDescription),
                ]
            ),
            "servers": [
                ["url": .string(configuration.mountPath.prefix.isEmpty ? "/" : configuration.mountPath.prefix)]
            ],
            "paths": .object(paths),
            "components": [
                "schemas": Self.schemas(errors: errors),
                "responses": Self.responses(errors: errors),
                "securitySchemes": [
                    "session": [
                        "type": "apiKey", "in": "cookie", "name": .string(configuration.cookieName),
                        "description": "The session cookie, set by the first page a visitor GETs.",
                    ],
                    "csrfHeader": [
                        "type": "apiKey", "in": "header", "name": "X-CSRF-Token",
                        "description": "The session's CSRF token (the state's csrf); or the form field _csrf.",
                    ],
                ],
            ],
        ]
        document["security"] = [.object([:]), ["session": []]]
        self.json = .object(document)
    }

    /// The document as JSON text: keys sorted, two-space indents, a final newline.
    public var text: String {
        var output = ""
        Self.write(self.json, indent: 0, to: &output)
        return output + "\n"
    }

    static let defaultDescription = """
        A Signalbox app: a coordinator tree per cookie session. A GET reshapes the session's tree to \
        the path and answers the page; POSTs change it. Send Accept: application/json for the \
        navigation state instead of HTML (no 303s: redirects are followed).
        """
}
