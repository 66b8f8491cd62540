/// A screen or child coordinator that answers the route that presented it with a value: the
/// route's `onResult:` handler takes a ``RouteResult`` of exactly this ``Answer``, which the
/// compiler checks where the route is declared.
///
/// ```swift
/// struct PickProjectScreen: Screen, Answering {
///     typealias Answer = Project
///     func submit(_ form: FormData, context: ScreenContext) async throws -> Submission {
///         try await self.finish(with: project, context: context)   // only a Project compiles
///         return .accepted
///     }
/// }
///
/// @Route(.modal, onResult: didPick) var pickProject = makePickProject
/// func didPick(_ result: RouteResult<Project>) async throws { ... }   // `.finished` or `.cancelled`
/// ```
///
/// A child coordinator's screens answer through it:
/// `try await context.coordinator(Wizard.self).finish(with: order)`.
public protocol Answering {
    /// The value the flow answers with.
    associatedtype Answer
}

extension Answering where Self: Screen {
    /// Answers the route that shows this screen with `answer`: its entry is popped and its
    /// `onResult` handler receives `.finished(answer)`.
    ///
    /// When that route declares no handler (the screen is a root, or a step inside a child
    /// coordinator), the nearest enclosing route that does is answered; that route's type is
    /// then checked when the flow ends, not by the compiler (prefer the coordinator's
    /// ``Answering/finish(with:)``).
    ///
    /// - Throws: ``NavigationError/noResultExpected(screen:)`` when no enclosing route declares
    ///   a handler; ``NavigationError/resultTypeMismatch(route:expected:actual:)`` when an
    ///   enclosing one expects another type.
    public func finish(with answer: Answer, context: ScreenContext) async throws {
        try await context.finish(answering: answer)
    }
}

extension Answering where Self: Coordinatable {
    /// Ends the flow this coordinator was presented for with `answer`: it is removed and the
    /// presenting route's `onResult` handler receives `.finished(answer)`.
    public func finish(with answer: Answer) async throws {
        let node = self.node
        var hooks = HookQueue()
        try node.finishFromParent(with: answer, screen: node.displayName, &hooks)
        try await hooks.run()
    }
}
