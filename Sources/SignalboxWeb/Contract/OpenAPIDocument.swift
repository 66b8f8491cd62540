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
/// The pages come from the app's ``RouteMap``: each route at the shortest path that shows it
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

// MARK: Pages

extension OpenAPIDocument {
    /// A page pattern and the routes it shows.
    struct Page {
        var segments: [RouteMap.Segment]
        var routes: [RouteMap.Route]

        /// The OpenAPI path template (`/authenticated/todos/todo/{todo}`).
        var template: String {
            "/" + self.parameterNames.map { $0.literal ?? "{\($0.parameter!)}" }.joined(separator: "/")
        }

        /// Each segment's literal or parameter name (a route's name, numbered when a path takes
        /// several of the same route).
        var parameterNames: [(literal: String?, parameter: String?, type: String?)] {
            var seen: [String: Int] = [:]
            return self.segments.map { segment in
                switch segment {
                case .literal(let text): return (text, nil, nil)
                case .input(let route, let type):
                    seen[route, default: 0] += 1
                    let count = seen[route]!
                    return (nil, count == 1 ? route : "\(route)\(count)", type)
                }
            }
        }
    }

    /// The distinct patterns of the map (the root's `/` first), in map order.
    static func pages(_ map: RouteMap) -> [Page] {
        var pages: [Page] = [Page(segments: [], routes: [])]
        var index: [[RouteMap.Segment]: Int] = [[]: 0]
        for route in map.routes {
            if let existing = index[route.segments] {
                pages[existing].routes.append(route)
            } else {
                index[route.segments] = pages.count
                pages.append(Page(segments: route.segments, routes: [route]))
            }
        }
        return pages
    }

    static func pageItem(_ page: Page, errors: ErrorCatalogue, ids: inout Set<String>) -> ViewModel {
        let words = page.segments.compactMap { segment -> String? in
            guard case .literal(let text) = segment, text != "~" else { return nil }
            return text.prefix(1).uppercased() + text.dropFirst()
        }
        var stem = words.isEmpty ? "Current" : words.joined()
        if ids.contains("show" + stem) {
            var number = 2
            while ids.contains("show\(stem)\(number)") { number += 1 }
            stem += String(number)
        }
        ids.insert("show" + stem)
        let summary =
            page.routes.isEmpty
            ? "The page shown now (GET answers it at its canonical path)."
            : page.routes.map { "\($0.coordinator).\($0.name) (\($0.kind), \($0.output))" }.joined(separator: "; ")
        let parameters: [ViewModel] = page.parameterNames.compactMap { name in
            guard let parameter = name.parameter, let type = name.type else { return nil }
            return [
                "name": .string(parameter), "in": "path", "required": true, "schema": Self.inputSchema(type),
                "description": .string("The \(type) input of route \(parameter.trimmingDigits)."),
            ]
        }
        var get: [String: ViewModel] = [
            "operationId": .string("show" + stem),
            "summary": .string("Show: \(summary)"),
            "description": "Reshapes the session's tree to this path and answers the page.",
            "responses": Self.responses(
                ["200": Self.ref("Page"), "303": Self.ref("SeeOther")],
                errors,
                forPost: false
            ),
        ]
        var post: [String: ViewModel] = [
            "operationId": .string("submit" + stem),
            "summary": .string("Submit a form to: \(summary)"),
            "description":
                "Reshapes the tree to this path, then delivers the form to the screen on top. Accepted: 303 (JSON: 200 and the new state); rejected: 422.",
            "security": [["session": [], "csrfHeader": []], ["session": []]],
            "requestBody": Self.formBody(["_csrf": Self.csrfField], required: [], additional: true),
            "responses": Self.responses(
                ["200": Self.ref("Page"), "303": Self.ref("SeeOther"), "422": Self.ref("InvalidForm")],
                errors,
                forPost: true
            ),
        ]
        if !parameters.isEmpty {
            get["parameters"] = .list(parameters)
            post["parameters"] = .list(parameters)
        }
        return ["get": .object(get), "post": .object(post)]
    }

    /// The schema of an input of type `type` in a path.
    static func inputSchema(_ type: String) -> ViewModel {
        switch type {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": Schema.integer
        case "UUID": ["type": "string", "format": "uuid"]
        case "Bool": Schema.boolean
        default: Schema.string
        }
    }
}

// MARK: Router actions

extension OpenAPIDocument {
    struct Action {
        var name: String
        var summary: String
        var fields: [String: ViewModel]
        var required: [String]
    }

    static func navigationActions(_ map: RouteMap) -> [Action] {
        var presented: [String] = []
        var tabs: [String] = []
        for route in map.routes {
            switch route.kind {
            case .presented: if !presented.contains(route.name) { presented.append(route.name) }
            case .tab(let dynamic): if !dynamic, !tabs.contains(route.name) { tabs.append(route.name) }
            case .root: break
            }
        }
        let from = Schema.string.described(
            "The canonical path of the page the action was issued on: the tree is reshaped to it first."
        )
        return [
            Action(
                name: "route",
                summary: "Push or present route `to` of the top coordinator.",
                fields: [
                    "to": ["type": "string", "enum": .list(presented.sorted().map(ViewModel.string))],
                    "input": Schema.string.described("The route's input as text (several arguments: a/b)."),
                    "from": from,
                ],
                required: ["to"]
            ),
            Action(name: "pop", summary: "Pop the top-most stack entry.", fields: ["from": from], required: []),
            Action(
                name: "popToRoot",
                summary: "Pop the top-most stack to its root.",
                fields: ["from": from],
                required: []
            ),
            Action(
                name: "tab",
                summary: "Select tab `to` (a tab opened at run time is named route/input).",
                fields: ["to": Schema.string.merging(["examples": .list(tabs.map(ViewModel.string))]), "from": from],
                required: ["to"]
            ),
            Action(
                name: "dismiss",
                summary: "Close the top-most modal or full-screen presentation.",
                fields: ["from": from],
                required: []
            ),
        ]
    }

    static func actionOperation(_ action: Action, errors: ErrorCatalogue) -> ViewModel {
        [
            "operationId": .string("navigate" + action.name.prefix(1).uppercased() + action.name.dropFirst()),
            "summary": .string(action.summary),
            "security": [["session": [], "csrfHeader": []], ["session": []]],
            "requestBody": Self.formBody(
                action.fields.merging(["_csrf": Self.csrfField]) { $1 },
                required: action.required,
                // Other fields are ignored, as a browser's form may send more (a button's name).
                additional: true
            ),
            "responses": Self.responses(["200": Self.ref("Page"), "303": Self.ref("SeeOther")], errors, forPost: true),
        ]
    }
}

// MARK: Shared parts

extension OpenAPIDocument {
    static let csrfField = Schema.string.described("The session's CSRF token (or send X-CSRF-Token).")

    static func ref(_ response: String) -> ViewModel { ["$ref": .string("#/components/responses/\(response)")] }

    /// A form body. It is required only when a field is: an empty body is an empty form.
    static func formBody(_ fields: [String: ViewModel], required: [String], additional: Bool) -> ViewModel {
        [
            "required": .bool(!required.isEmpty),
            "content": [
                "application/x-www-form-urlencoded": [
                    "schema": [
                        "type": "object", "properties": .object(fields),
                        "required": .list(required.map(ViewModel.string)),
                        "additionalProperties": additional ? Schema.string : false,
                    ]
                ]
            ],
        ]
    }

    /// An operation's responses: `success` and the error statuses a GET (or a POST) can answer.
    static func responses(_ success: [String: ViewModel], _ errors: ErrorCatalogue, forPost: Bool) -> ViewModel {
        var responses = success
        // 405 answers other methods only; form bodies (413, 415) come with POSTs only.
        let excluded: Set<Int> = forPost ? [405] : [405, 413, 415]
        for status in errors.statuses where !excluded.contains(status) {
            responses[String(status)] = Self.ref("Error\(status)")
        }
        responses["431"] = Self.ref("HeadersTooLarge")
        return .object(responses)
    }

    /// `components.responses`.
    static func responses(errors: ErrorCatalogue) -> ViewModel {
        let html: ViewModel = ["schema": Schema.string]
        var responses: [String: ViewModel] = [
            "Page": [
                "description": "The page (HTML), or the navigation state (JSON).",
                "content": ["application/json": ["schema": Schema.ref("NavigationState")], "text/html": html],
            ],
            "SeeOther": [
                "description": "Post/Redirect/Get, a canonical path or a guard's redirect (HTML clients only).",
                "headers": ["Location": ["required": true, "schema": Schema.string]],
            ],
            // No content: libmicrohttpd writes a tiny HTML page without a Content-Type.
            "HeadersTooLarge": [
                "description":
                    "The request's headers (a huge cookie, say) are larger than the server accepts: the embedded server answers this itself, before the app (a small page without a content type)."
            ],
            "InvalidForm": [
                "description": "The form was rejected: the page again with the input and the messages.",
                "content": ["application/json": ["schema": Schema.ref("InvalidFormState")], "text/html": html],
            ],
        ]
        for status in errors.statuses {
            let codes = errors.codes[status, default: []].sorted().joined(separator: ", ")
            var response: [String: ViewModel] = [
                "description": .string("Error \(status): \(codes)."),
                "content": ["application/json": ["schema": Schema.ref("Error\(status)")], "text/html": html],
            ]
            if status == 429 || status == 503 {
                response["headers"] = ["Retry-After": ["schema": Schema.integer]]
            }
            responses["Error\(status)"] = .object(response)
        }
        return .object(responses)
    }
}

// MARK: Writing

extension OpenAPIDocument {
    static func write(_ value: ViewModel, indent: Int, to output: inout String) {
        let inner = String(repeating: "  ", count: indent + 1)
        switch value {
        case .object(let fields) where !fields.isEmpty:
            output += "{\n"
            for (position, key) in fields.keys.sorted().enumerated() {
                output += inner
                JSONEscaping.appendQuoted(key, to: &output)
                output += ": "
                Self.write(fields[key]!, indent: indent + 1, to: &output)
                output += position == fields.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        case .list(let items) where !items.isEmpty:
            output += "[\n"
            for (position, item) in items.enumerated() {
                output += inner
                Self.write(item, indent: indent + 1, to: &output)
                output += position == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        default:
            var writer = JSONWriter()
            writer.value(value)
            output += writer.output
        }
    }
}

extension String {
    fileprivate var trimmingDigits: Substring {
        self[..<(self.lastIndex { !$0.isNumber }.map(self.index(after:)) ?? self.endIndex)]
    }
}
