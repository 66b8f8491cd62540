/// A navigation a coordinator's guard is asked about (see ``Coordinatable/guardNavigation(_:)``).
///
/// An attempt names its route by key path, as the coordinator's own calls do: ask it whether it
/// is for a route with ``targets(_:)``, and read that route's input, typed, with
/// ``input(for:)``. A renamed or retyped route then stops compiling where it is guarded.
///
/// ```swift
/// func guardNavigation(_ attempt: NavigationAttempt<TodosCoordinator>) async throws
///     -> GuardDecision<TodosCoordinator>
/// {
///     guard let id = attempt.input(for: \.todo) else { return .allow }
///     return try await store.todo(id: id) == nil ? .notFound("There is no todo \(id).") : .allow
/// }
/// ```
///
/// Build one in a unit test to check a guard on its own:
///
/// ```swift
/// let attempt = NavigationAttempt(to: \.todo, 3, of: todos, origin: .path("/todos/todo/3"))
/// #expect(try await todos.guardNavigation(attempt) == .notFound("There is no todo 3."))
/// ```
public struct NavigationAttempt<Coordinator: Coordinatable> {
    /// What kind of navigation.
    public typealias Kind = NavigationKind
    /// Where the navigation comes from.
    public typealias Origin = NavigationOrigin

    public let kind: Kind
    public let origin: Origin
    /// The coordinator whose route is entered (the one asked).
    let coordinator: Coordinator
    /// The coordinator type's routes.
    let table: RouteTable
    /// The route's index in the coordinator's ``RouteTable``.
    let route: Int
    /// The input, when the route takes one and it is known.
    let input: Any?

    init(coordinator: Coordinator, table: RouteTable, route: Int, kind: Kind, input: Any?, origin: Origin) {
        self.coordinator = coordinator
        self.table = table
        self.route = route
        self.kind = kind
        self.input = input
        self.origin = origin
    }

    /// An attempt to take `route` of `coordinator` with `input`, as the tree would ask it (the
    /// kind follows from the route's declaration).
    public init<Kind, Input, Output>(
        to route: KeyPath<Coordinator, Transition<Coordinator, Kind, Input, Output>>,
        _ input: Input,
        of coordinator: Coordinator,
        origin: Origin = .operation
    ) {
        let table = coordinator.node.table
        // Every key path of this type names one of its routes: `RouteRegistry` found them all.
        let index = try? RouteRegistry.routeIndex(of: route, in: coordinator, table: table)
        let descriptor = index.map { table.routes[$0] }
        self.init(
            coordinator: coordinator,
            table: table,
            route: index ?? -1,
            kind: descriptor.map(NavigationKind.init) ?? .root,
            input: descriptor?.takesInput == true ? input : nil,
            origin: origin
        )
    }

    /// An attempt to take `route`, which has no input.
    public init<Kind, Output>(
        to route: KeyPath<Coordinator, Transition<Coordinator, Kind, Void, Output>>,
        of coordinator: Coordinator,
        origin: Origin = .operation
    ) {
        self.init(to: route, (), of: coordinator, origin: origin)
    }

    /// Whether the navigation takes `route`.
    public func targets<K, I, O>(_ route: KeyPath<Coordinator, Transition<Coordinator, K, I, O>>) -> Bool {
        (try? RouteRegistry.routeIndex(of: route, in: self.coordinator, table: self.table)) == self.route
    }

    /// The input of the navigation when it takes `route` and its input is known (a path or a
    /// call gave it); `nil` for any other route.
    public func input<K, I, O>(for route: KeyPath<Coordinator, Transition<Coordinator, K, I, O>>) -> I? {
        guard self.targets(route) else { return nil }
        return self.input as? I
    }
}

/// What kind of navigation a ``NavigationAttempt`` is.
public enum NavigationKind: Sendable, Equatable {
    /// Switching to a root.
    case root
    /// Pushing or presenting a route.
    case route(Presentation)
    /// Selecting a tab.
    case tab

    init(_ route: RouteDescriptor) {
        if let presentation = route.presentation {
            self = .route(presentation)
        } else if route.tabItem != nil {
            self = .tab
        } else {
            self = .root
        }
    }
}

/// Where a navigation a guard is asked about comes from.
public enum NavigationOrigin: Sendable, Equatable {
    /// Reshaping the tree to a requested path (following a link, Back, a bookmark).
    case path(String)
    /// An operation the app called (a coordinator or router method, a form handler).
    case operation
}

extension NavigationAttempt: CustomStringConvertible {
    /// The route's name as paths spell it (`todo`), for logs; match routes with
    /// ``targets(_:)``.
    public var description: String {
        self.table.routes.indices.contains(self.route) ? self.table.routes[self.route].name : "?"
    }
}
