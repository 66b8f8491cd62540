import Signalbox

// The paths: a page item per route pattern, and the router actions under /_nav.

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
        var parameterNames: [(literal: String?, parameter: String?, route: String?, type: String?)] {
            var seen: [String: Int] = [:]
            return self.segments.map { segment in
                switch segment {
                case .literal(let text): return (text, nil, nil, nil)
                case .input(let route, let type):
                    seen[route, default: 0] += 1
                    let count = seen[route]!
                    return (nil, count == 1 ? route : "\(route)\(count)", route, type)
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
            guard let parameter = name.parameter, let route = name.route, let type = name.type else { return nil }
            return [
                "name": .string(parameter), "in": "path", "required": true, "schema": Self.inputSchema(type),
                "description": .string("The \(type) input of route \(route)."),
            ]
        }
        var get: [String: ViewModel] = [
            "operationId": .string("show" + stem),
            "summary": .string("Show: \(summary)"),
            "description":
                "Reshapes the session's tree to this path and answers the page. A page whose screens all give a data version carries an ETag; a request that names it in If-None-Match is answered 304 without rendering.",
            "responses": Self.responses(
                ["200": Self.ref("PageOrDownload"), "303": Self.ref("SeeOther"), "304": Self.ref("NotModified")],
                errors,
                forPost: false
            ),
        ]
        let form = page.routes.lazy.compactMap(\.formSchema).first
        var post: [String: ViewModel] = [
            "operationId": .string("submit" + stem),
            "summary": .string("Submit a form to: \(summary)"),
            "description":
                "Reshapes the tree to this path, then delivers the form to the screen on top. Accepted: 303 (JSON: 200 and the new state); rejected: 422.",
            "security": [["session": [], "csrfHeader": []], ["session": []]],
            "requestBody": form.map(Self.typedFormBody)
                ?? Self.formBody(
                    ["_csrf": Self.csrfField],
                    required: [],
                    additional: true
                ),
            "responses": Self.responses(
                [
                    "200": Self.ref("Page"), "303": Self.ref("SeeOther"),
                    "422": form.map(Self.typedInvalidForm) ?? Self.ref("InvalidForm"),
                ],
                errors,
                forPost: true
            ),
        ]
        get["parameters"] = .list(parameters + [Self.ifNoneMatch, Self.downloadParameter])
        if !parameters.isEmpty { post["parameters"] = .list(parameters) }
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

    /// `POST /_draft`: keep (or discard) the draft of a page's form.
    /// `GET /_live`: a live page's event stream.
    static func liveOperation(errors: ErrorCatalogue) -> ViewModel {
        let query: (String, Bool, String) -> ViewModel = { name, required, description in
            [
                "name": .string(name), "in": "query", "required": .bool(required), "schema": Schema.string,
                "description": .string(description),
            ]
        }
        return [
            "operationId": "livePage",
            "summary": .string(
                "The Server-Sent Events of a live page: changed (its validator, as id and data: fetch the page), "
                    + "ended (the session is over), idle; comments as heartbeats. Needs Accept: text/event-stream."
            ),
            // (The session is optional, as for pages: without one there is nothing to watch, 204.)
            "parameters": [
                query("page", true, "The public URL path of the page."),
                query("v", false, "The validator the page was rendered with (its body's data-live)."),
                [
                    "name": "Last-Event-ID", "in": "header", "required": false, "schema": Schema.string,
                    "description":
                        "The last validator the stream announced (an event source sends it when it reconnects).",
                ],
            ],
            "responses": Self.responses(
                [
                    "200": [
                        "description": "The stream, open until the session ends, the stream idles or the server stops.",
                        "content": ["text/event-stream": ["schema": Schema.string]],
                    ],
                    "204": [
                        "description": "Nothing to watch: live pages off, no session, or a page without a validator."
                    ],
                    "406": Self.ref("Error406"),
                ],
                errors,
                forPost: false
            ),
        ]
    }

    static func draftOperation(errors: ErrorCatalogue) -> ViewModel {
        [
            "operationId": "saveDraft",
            "summary": .string(
                "Keep what the user typed into the form of the page from names as its draft (or forget it with "
                    + "_discard); the form shows it until it is accepted. Secret fields and files are never kept."
            ),
            "security": [["session": [], "csrfHeader": []], ["session": []]],
            "requestBody": Self.formBody(
                [
                    "_csrf": Self.csrfField,
                    "from": Schema.string.described("The public URL of the page whose form it is."),
                    "_discard": Schema.string.described("Present: forget the draft."),
                ],
                required: ["from"],
                // The form's own fields are the draft.
                additional: true
            ),
            "responses": Self.responses(
                [
                    "204": ["description": "Kept (or forgotten)."],
                    "303": Self.ref("SeeOther"),
                ],
                errors,
                forPost: true
            ),
        ]
    }
}
