import SignalboxWeb

/// The app's only coordinator: a stack whose root asks your name and pushes a greeting.
/// Paths: `/` and `/greeting/<name>`.
public final class HelloCoordinator: NavigationCoordinatable {
    public let stack = NavigationStack(initial: \HelloCoordinator.start)
    @Root var start = makeStart
    @Route(.push) var greeting = makeGreeting

    public init() {}

    func makeStart() -> AskNameScreen { AskNameScreen() }
    func makeGreeting(name: String) -> GreetingScreen { GreetingScreen(name: name) }
}

/// Template `hello/ask`: a typed form; a valid name pushes its greeting.
struct AskNameScreen: FormScreen {
    /// What the form decodes to: a blank name is "This field is required." (HTTP 422).
    struct Form: FormValidatable {
        var name: String

        static func rules(_ rules: inout FormRules<Self>) {
            rules.field(\.name, label: "Your name", .length(max: 40))
        }
    }

    var template: String { "hello/ask" }
    var title: String { "Hello" }
    var viewModel: ViewModel { [:] }

    func submit(_ form: Form, context: ScreenContext) async throws -> Submission {
        try await context.router(HelloCoordinator.self).route(to: \.greeting, form.name)
        return .accepted
    }
}

/// Template `hello/greeting`. An `Encodable` screen is its own view model: `{{name}}`.
struct GreetingScreen: Screen, Encodable {
    let name: String
    var template: String { "hello/greeting" }
    var title: String { self.name }
}

/// The web app: the library's layout, partials and error pages, and this app's two templates.
public enum HelloApp {
    public static func make(
        templates: String,
        configuration: WebApp.Configuration = .init(),
        logger: Logger
    ) throws -> WebApp {
        try WebApp(templates: templates, configuration: configuration, logger: logger) {
            NavigationTree(root: HelloCoordinator())
        }
    }
}
