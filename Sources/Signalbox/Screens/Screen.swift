/// A page of a flow: the server-side analogue of a SwiftUI view.
///
/// A screen names its template, gives a title for breadcrumbs and a view model, and may accept a
/// submitted form. Coordinators build screens in their route factories; a screen lives on its
/// coordinator's stack until it is popped.
///
/// ```swift
/// struct TodoScreen: Screen {
///     let todo: Todo
///     var template: String { "todo" }
///     var title: String { todo.title }
///     var viewModel: ViewModel { ["title": .string(todo.title), "done": .bool(todo.isDone)] }
///
///     func submit(_ form: FormData, context: ScreenContext) throws -> Submission {
///         guard form["action"] == "toggleDone" else { return .invalid("Unknown action") }
///         store.toggle(todo.id)
///         return .accepted
///     }
/// }
/// ```
public protocol Screen: SendableMetatype {
    /// The name of the template that renders this screen's content, e.g. `"todos/list"`.
    var template: String { get }
    /// The title shown in breadcrumbs and the document title.
    var title: String { get }
    /// The data the template and JSON clients see. Computed when the page is rendered.
    var viewModel: ViewModel { get }
    /// Handles a submitted form. Navigate through `context` (routers, steps, results).
    ///
    /// The default implementation refuses with ``NavigationError/formNotAccepted(screen:)``.
    func submit(_ form: FormData, context: ScreenContext) throws -> Submission
}

extension Screen {
    public func submit(_ form: FormData, context: ScreenContext) throws -> Submission {
        throw NavigationError.formNotAccepted(screen: self.template)
    }
}

/// What a screen made of a submitted form.
public enum Submission: Sendable, Equatable {
    /// The form was handled; the web layer answers with a redirect to the new canonical path.
    case accepted
    /// The form failed validation; the page is shown again (HTTP 422) with the message and the
    /// user's input.
    case invalid(FormRejection)

    /// A rejection with a message for the whole form.
    public static func invalid(_ message: String, fields: [String: String] = [:]) -> Submission {
        .invalid(FormRejection(message: message, fieldErrors: fields))
    }
}

/// Why a form was refused: a message and optional per-field messages.
public struct FormRejection: Sendable, Equatable {
    public var message: String
    public var fieldErrors: [String: String]

    public init(message: String, fieldErrors: [String: String] = [:]) {
        self.message = message
        self.fieldErrors = fieldErrors
    }
}
