import Synchronization

/// Declares a route (or, spelled `@Root`, a root) of a coordinator.
///
/// The property's initial value is an *unbound* factory method of the coordinator; it runs only
/// when the route is taken, with the coordinator and the input. Call sites name a route by key
/// path, so inputs are type-checked and a chain through a child coordinator keeps its type:
///
/// ```swift
/// final class TodosCoordinator: NavigationCoordinatable {
///     let stack = NavigationStack(initial: \TodosCoordinator.start)
///     @Root var start = makeStart
///     @Route(.push) var todo = makeTodo                 // input: Int, the todo's id
///     @Route(.modal) var createTodo = makeCreateTodo
///     @Route(.push) var project = makeProjectFlow       // output: a child coordinator
///
///     func makeStart() -> TodoListScreen { TodoListScreen() }
///     func makeTodo(id: Int) -> TodoScreen { TodoScreen(id: id) }
///     func makeCreateTodo() -> CreateTodoScreen { CreateTodoScreen() }
///     func makeProjectFlow() -> ProjectCoordinator { ProjectCoordinator() }
/// }
///
/// try await todos.route(to: \.todo, 3)     // → /todo/3
/// ```
///
/// The segment in paths defaults to the property name; pass `segment:` to change it. Declare
/// routes with `var` in a coordinator class.
///
/// A route's factory and options are stored once per declaration, not per coordinator: the
/// compiler passes each initializer the declaration's place in the source (`fileID`, `line`,
/// `column`; leave them out), and every instance built later shares what the first one made there.
/// Two routes of one coordinator made by the same initializer call (a helper function returning
/// routes) would share a factory: that stops the program with a message naming both when the
/// type's routes are first read. Declare each route with its own attribute.
@propertyWrapper
public struct Route<Coordinator: Coordinatable, Kind: RouteKind, Input, Output> {
    /// What the declaration says, made once per declaration site (the first time a coordinator
    /// of the type is built) and shared by every later instance: a coordinator holds one
    /// reference per route, whatever the route declares.
    let declaration: Declaration

    /// A route's factory and options: the same for every instance of the coordinator type.
    final class Declaration: Sendable {
        /// Tells this declaration apart from the other routes of the coordinator type.
        let id: UInt64
        let factory: Factory
        let metadata: RouteMetadata
        let segment: String?
        let onResult: ResultHandlerFactory?
        let onDismiss: DeclaredDismissHandler?
        let tabHooks: TabHooks?
        /// Makes the input's codec when the initializer knows it (a factory with several
        /// arguments); otherwise it is found from `Input`. Called once per coordinator type, when
        /// the route's descriptor is built.
        let inputCodec: (@Sendable () -> InputCodec)?

        init(
            factory: Factory,
            metadata: RouteMetadata,
            segment: String?,
            onResult: ResultHandlerFactory?,
            onDismiss: DeclaredDismissHandler?,
            tabHooks: TabHooks?,
            inputCodec: (@Sendable () -> InputCodec)?
        ) {
            self.id = routeIdentities.wrappingAdd(1, ordering: .relaxed).newValue
            self.factory = factory
            self.metadata = metadata
            self.segment = segment
            self.onResult = onResult
            self.onDismiss = onDismiss
            self.tabHooks = tabHooks
            self.inputCodec = inputCodec
        }
    }

    enum Factory: Sendable {
        case plain(@Sendable (Coordinator) -> () -> Output)
        case input(@Sendable (Coordinator) -> (Input) -> Output)
    }

    @available(*, unavailable, message: "@Route declares a route of a coordinator class")
    public var wrappedValue: Transition<Coordinator, Kind, Input, Output> {
        get { fatalError("unreachable: routes are read through their coordinator") }
        set { fatalError("unreachable: routes are read through their coordinator") }
    }

    /// Reading a route's property (which is what a key path such as `\.todo` does) yields a
    /// handle naming the route by its storage.
    public static subscript(
        _enclosingInstance coordinator: Coordinator,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Coordinator, Transition<Coordinator, Kind, Input, Output>>,
        storage storageKeyPath: ReferenceWritableKeyPath<Coordinator, Self>
    ) -> Transition<Coordinator, Kind, Input, Output> {
        get { Transition(storage: storageKeyPath) }
        // Routes are declared, not assigned; assigning a transition changes nothing.
        set {}
    }

    /// The declaration made at `site`, or (the first time) the one the arguments describe; they
    /// are not evaluated when the site has one already.
    init(
        site: RouteSite,
        factory: @autoclosure () -> Factory,
        metadata: @autoclosure () -> RouteMetadata,
        segment: @autoclosure () -> String?,
        onResult: @autoclosure () -> ResultHandlerFactory? = nil,
        onDismiss: @autoclosure () -> (@Sendable (Coordinator) -> () async throws -> Void)? = nil,
        tabHooks: @autoclosure () -> TabHooks? = nil,
        inputCodec: @autoclosure () -> (@Sendable () -> InputCodec)? = nil
    ) {
        self.declaration = RouteSite.declaration(at: site) {
            Declaration(
                factory: factory(),
                metadata: metadata(),
                segment: segment(),
                onResult: onResult(),
                onDismiss: onDismiss().map { handler in
                    DeclaredDismissHandler { owner in try await handler(owner as! Coordinator)() }
                },
                tabHooks: tabHooks(),
                inputCodec: inputCodec()
            )
        }
    }
}

/// Numbers route declarations as they are made (see ``Route/id``).
private let routeIdentities = Atomic<UInt64>(0)

/// `@Root` is ``Route`` used without a presentation: one of a coordinator's roots.
public typealias Root = Route

/// The typed handle a route's key path points to (`\.todo`). It carries the route's
/// coordinator, kind, input and output types for the compiler; it has no public API.
public struct Transition<Coordinator: Coordinatable, Kind: RouteKind, Input, Output> {
    /// The key path of the route's storage (`\._todo`), the same for every instance of a type.
    let storage: AnyKeyPath
}

/// Marks what kind of route a ``Route`` declares; the concrete kinds are below.
public protocol RouteKind {}

/// A root of a navigation coordinator (`@Root`).
public enum RootRoute: RouteKind {}

/// A route presented on a navigation stack (`@Route(.push)`, `.modal`, `.fullScreen`).
public enum PresentedRoute: RouteKind {}

/// A tab of a tab coordinator (`@Route(tab: "Todos")`).
public enum TabRoute: RouteKind {}

/// Static facts about a route that do not depend on its types.
enum RouteMetadata: Sendable {
    case root
    case presented(Presentation)
    case tab(TabItem)
}

/// A tab's title, icon and re-selection behaviour.
public struct TabItem: Sendable, Hashable {
    public var title: String
    public var icon: String?
    public var reselection: TabReselection

    public init(title: String, icon: String? = nil, reselection: TabReselection = .keepStack) {
        self.title = title
        self.icon = icon
        self.reselection = reselection
    }
}

/// A route's declared dismiss handler (`@Route(.modal, onDismiss: didClose)`), erased: called
/// with the coordinator that owns the route whenever an entry of the route leaves the stack.
struct DeclaredDismissHandler: Sendable {
    let call: @Sendable (AnyObject) async throws -> Void
}

/// A tab's app code, erased: what runs when the tab is tapped (`onTapped:`), where its badge
/// comes from (`badge:`) and, for a dynamic tab, its title (`title:`). Each is called with the
/// tab coordinator that owns the route (and a dynamic tab's input).
struct TabHooks: Sendable {
    /// Runs after a tap selected the tab: `isRepeat` when it was active already; the content is
    /// the tab's screen or coordinator.
    var tapped: (@Sendable (AnyObject, Bool, Content) async throws -> Void)?
    /// The tab's badge text now, or `nil` for none.
    var badge: (@Sendable (AnyObject, Any?) async throws -> String?)?
    /// A dynamic tab's title for its input.
    var title: (@Sendable (AnyObject, Any?) async throws -> String)?

    init<Coordinator: Coordinatable, Output>(
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)?,
        badge: (@Sendable (Coordinator) -> () async throws -> String?)?
    ) {
        self.tapped = Self.erase(onTapped)
        if let badge {
            self.badge = { @Sendable (owner: AnyObject, _: Any?) async throws -> String? in
                try await badge(owner as! Coordinator)()
            }
        }
    }

    init<Coordinator: Coordinatable, Input, Output>(
        onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)?,
        inputBadge badge: (@Sendable (Coordinator) -> (Input) async throws -> String?)?,
        title: (@Sendable (Coordinator) -> (Input) async throws -> String)?
    ) {
        self.tapped = Self.erase(onTapped)
        // A dynamic tab's input was type-checked when the tab was opened.
        if let badge {
            self.badge = { @Sendable (owner: AnyObject, input: Any?) async throws -> String? in
                try await badge(owner as! Coordinator)(input as! Input)
            }
        }
        if let title {
            self.title = { @Sendable (owner: AnyObject, input: Any?) async throws -> String in
                try await title(owner as! Coordinator)(input as! Input)
            }
        }
    }

    private static func erase<Coordinator: Coordinatable, Output>(
        _ onTapped: (@Sendable (Coordinator) -> (_ isRepeat: Bool, _ output: Output) async throws -> Void)?
    ) -> (@Sendable (AnyObject, Bool, Content) async throws -> Void)? {
        guard let onTapped else { return nil }
        return { @Sendable (owner: AnyObject, isRepeat: Bool, content: Content) async throws in
            let output: Output = content.output()
            try await onTapped(owner as! Coordinator)(isRepeat, output)
        }
    }
}

/// Builds the erased result handler once per coordinator type.
struct ResultHandlerFactory: Sendable {
    let make: @Sendable () -> ResultHandler
}
