import Signalbox

// The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of what the JSON interface answers. Every
// object is closed (`additionalProperties: false`), so a key the server adds or drops without
// the document saying so fails validation.

extension OpenAPIDocument {
    /// `components.schemas`.
    static func schemas(errors: ErrorCatalogue) -> ViewModel {
        var schemas: [String: ViewModel] = [
            "NavigationState": Schema.object(Self.stateProperties),
            "InvalidFormState": Schema.object(Self.stateProperties.merging(Self.invalidFormProperties) { $1 }),
            "Breadcrumb": Schema.object([
                "title": Schema.string,
                "path": Schema.string,
                "presentation": Schema.nullable(Schema.ref("Presentation")),
            ]),
            "Tab": Schema.object([
                "name": Schema.string.described(
                    "The route name; for a tab opened at run time route/input (project/3)."
                ),
                "title": Schema.string,
                "icon": Schema.nullable(Schema.string),
                "path": Schema.string.described("The path that shows this tab as it is now."),
                "active": Schema.boolean,
                "badge": Schema.nullable(Schema.string),
            ]),
            "Notice": Schema.object([
                "kind": ["type": "string", "enum": .list(Notice.Kind.allCases.map { .string($0.rawValue) })],
                "text": Schema.string,
            ]),
            "TabBar": Schema.object(["coordinator": Schema.string, "tabs": Schema.array(Schema.ref("Tab"))]),
            "PresentedRoute": Schema.object([
                "route": Schema.string,
                "style": Schema.ref("Presentation"),
                "close": Schema.nullable(Schema.string).described("Where closing it leads; null when it cannot close."),
            ]),
            "Presentation": ["type": "string", "enum": .list(Presentation.allCases.map { .string($0.rawValue) })],
            "NavigationSnapshot": Schema.object(
                [
                    "pendingPath": Schema.string, "root": Schema.ref("CoordinatorSnapshot"),
                    "submissions": Schema.array(Schema.object(["key": Schema.string, "path": Schema.string])),
                    "notices": Schema.array(Schema.ref("Notice")),
                    "drafts": Schema.array(
                        Schema.object([
                            "path": Schema.string,
                            "fields": Schema.array(Schema.object(["name": Schema.string, "value": Schema.string])),
                        ])
                    ),
                ],
                required: ["root"]
            ),
            "CoordinatorSnapshot": [
                "oneOf": [
                    Schema.object([
                        "navigation": Schema.object([
                            "type": Schema.string, "root": Schema.ref("EntrySnapshot"),
                            "stack": Schema.array(Schema.ref("EntrySnapshot")),
                        ])
                    ]),
                    Schema.object([
                        "tabs": Schema.object([
                            "type": Schema.string, "active": Schema.string,
                            "tabs": Schema.array(
                                Schema.object(
                                    ["name": Schema.string, "child": Schema.ref("CoordinatorSnapshot")],
                                    required: ["name"]
                                )
                            ),
                        ])
                    ]),
                    Schema.object([
                        "wrapper": Schema.object(["type": Schema.string, "child": Schema.ref("CoordinatorSnapshot")])
                    ]),
                ]
            ],
            "EntrySnapshot": Schema.object(
                [
                    "route": Schema.string, "input": Schema.string, "presentation": Schema.ref("Presentation"),
                    "child": Schema.ref("CoordinatorSnapshot"),
                ],
                required: ["route"]
            ),
        ]
        for status in errors.statuses {
            schemas["Error\(status)"] = Schema.object(
                [
                    "error": [
                        "type": "string",
                        "enum": .list(errors.codes[status, default: []].sorted().map(ViewModel.string)),
                    ],
                    "message": Schema.string.described("What went wrong, for the user."),
                    "status": ["const": .int(status)],
                    "requestId": Schema.string.described("For 500: the id to quote (also in X-Request-ID)."),
                    "detail": Schema.string.described("With developer tools on: what a developer needs to know."),
                ],
                required: ["error", "message", "status"]
            )
        }
        return .object(schemas)
    }

    /// The navigation state's keys (`NavigationStateJSON` writes them).
    static let stateProperties: [String: ViewModel] = [
        "path": Schema.string.described("The canonical path of the page shown (under the mount path)."),
        "mount": Schema.string.described("The mount path: \"\" at /, else e.g. \"/todo\"."),
        "title": Schema.string.described("The top screen's title."),
        "csrf": Schema.string.described("The session's CSRF token: send it as _csrf or X-CSRF-Token with every POST."),
        "notices": Schema.array(Schema.ref("Notice")).described(
            "One-time messages left by the last handler (\"Todo created\"); shown by this answer only."
        ),
        "tree": Schema.ref("NavigationSnapshot"),
        "breadcrumbs": Schema.array(Schema.ref("Breadcrumb")).described("Every screen from the root to the top."),
        "tabs": Schema.array(Schema.ref("Tab")).described("The outermost tab bar's tabs."),
        "tabBars": Schema.array(Schema.ref("TabBar")).described("Every tab bar on the way, outermost first."),
        "modal": Schema.nullable(Schema.ref("PresentedRoute")).described("The top-most modal."),
        "fullScreen": Schema.nullable(Schema.ref("PresentedRoute")).described(
            "The top-most full-screen presentation."
        ),
        "routes": [
            "type": "object", "additionalProperties": Schema.string,
            "description":
                "The top coordinator's routes by name: the path each leads to ({input} marks an input).",
        ],
        "pop": Schema.nullable(Schema.string).described("The path after popping the top entry."),
        "template": Schema.string.described("The top screen's template."),
        "screen": ["description": "The top screen's view model (any JSON value)."],
    ]

    /// What a rejected form adds to the state (422).
    static let invalidFormProperties: [String: ViewModel] = [
        "error": ["const": "invalidForm"],
        "message": Schema.string,
        "status": ["const": 422],
        "fieldErrors": ["type": "object", "additionalProperties": Schema.string],
        "form": [
            "type": "object", "additionalProperties": Schema.string,
            "description": "The fields sent, secret ones left out.",
        ],
    ]
}

/// Building blocks of JSON Schemas.
enum Schema {
    static let string: ViewModel = ["type": "string"]
    static let integer: ViewModel = ["type": "integer"]
    static let boolean: ViewModel = ["type": "boolean"]

    static func ref(_ name: String) -> ViewModel { ["$ref": .string("#/components/schemas/\(name)")] }

    static func array(_ items: ViewModel) -> ViewModel { ["type": "array", "items": items] }

    /// `schema` or `null`.
    static func nullable(_ schema: ViewModel) -> ViewModel { ["anyOf": [schema, ["type": "null"]]] }

    /// A closed object; every property required unless `required` says otherwise.
    static func object(_ properties: [String: ViewModel], required: [String]? = nil) -> ViewModel {
        [
            "type": "object",
            "properties": .object(properties),
            "required": .list((required ?? properties.keys.sorted()).map(ViewModel.string)),
            "additionalProperties": false,
        ]
    }
}

extension ViewModel {
    /// The schema with a `description`.
    func described(_ text: String) -> ViewModel {
        guard case .object(var fields) = self else { return self }
        fields["description"] = .string(text)
        return .object(fields)
    }
}
