import Signalbox

// MARK: Shared parts

extension OpenAPIDocument {
    static let csrfField = Schema.string.described("The session's CSRF token (or send X-CSRF-Token).")

    static func ref(_ response: String) -> ViewModel { ["$ref": .string("#/components/responses/\(response)")] }

    /// A form body. It is required only when a field is: an empty body is an empty form.
    static func formBody(_ fields: [String: ViewModel], required: [String], additional: Bool) -> ViewModel {
        let schema: ViewModel = [
            "type": "object", "properties": .object(fields),
            "required": .list(required.map(ViewModel.string)),
            "additionalProperties": additional ? Schema.string : false,
        ]
        return [
            "required": .bool(!required.isEmpty),
            "content": [
                "application/x-www-form-urlencoded": ["schema": schema],
                "multipart/form-data": ["schema": schema],
            ],
        ]
    }

    /// An operation's responses: `success` and the error statuses a GET (or a POST) can answer.
    static func responses(_ success: [String: ViewModel], _ errors: ErrorCatalogue, forPost: Bool) -> ViewModel {
        var responses = success
        // 405 answers other methods only; form encodings (415) matter to POSTs only; only the
        // live stream asks for an Accept (406). (413 stays: the embedded server refuses a body
        // over its limit whatever the method.)
        var excluded: Set<Int> = forPost ? [405] : [405, 415]
        if success["406"] == nil { excluded.insert(406) }
        for status in errors.statuses where !excluded.contains(status) {
            responses[String(status)] = Self.ref("Error\(status)")
        }
        responses["431"] = Self.ref("HeadersTooLarge")
        return .object(responses)
    }

    /// The optional `If-None-Match` header of a page's GET.
    static let ifNoneMatch: ViewModel = [
        "name": "If-None-Match", "in": "header", "required": false, "schema": Schema.string,
        "description": "Entity tags of copies the client has (or *): a current one is answered 304.",
    ]

    /// `components.responses`.
    static func responses(errors: ErrorCatalogue) -> ViewModel {
        let html: ViewModel = ["schema": Schema.string]
        var responses: [String: ViewModel] = [
            "Page": [
                "description": "The page (HTML), or the navigation state (JSON).",
                "headers": [
                    "ETag": [
                        "description":
                            "The page's validator, when every screen on it gives a data version (GET and HEAD only).",
                        "schema": Schema.string,
                    ]
                ],
                "content": ["application/json": ["schema": Schema.ref("NavigationState")], "text/html": html],
            ],
            "PageOrDownload": [
                "description":
                    "The page (HTML), or the navigation state (JSON); with download, the file, as an attachment.",
                "headers": [
                    "ETag": [
                        "description":
                            "The page's validator, when every screen on it gives a data version (GET and HEAD only).",
                        "schema": Schema.string,
                    ]
                ],
                "content": [
                    "application/json": ["schema": Schema.ref("NavigationState")], "text/html": html,
                    "*/*": ["schema": ["type": "string", "format": "binary"]],
                ],
            ],
            "NotModified": [
                "description":
                    "The client's copy (named in If-None-Match) is current: nothing it shows changed, so nothing was rendered.",
                "headers": ["ETag": ["required": true, "schema": Schema.string]],
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
            var content: [String: ViewModel] = [
                "application/json": ["schema": Schema.ref("Error\(status)")], "text/html": html,
            ]
            // The embedded server's own answers (an upload past its limit, say) are one line of
            // text for clients that did not ask for JSON.
            if [400, 408, 413, 500, 501, 503].contains(status) {
                content["text/plain"] = ["schema": Schema.string]
            }
            var response: [String: ViewModel] = [
                "description": .string("Error \(status): \(codes)."),
                "content": .object(content),
            ]
            if status == 429 || status == 503 {
                response["headers"] = ["Retry-After": ["schema": Schema.integer]]
            }
            responses["Error\(status)"] = .object(response)
        }
        return .object(responses)
    }
}
