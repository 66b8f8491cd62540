/// Every route an app's URLs can reach, found from its root coordinator: each coordinator type
/// with its routes, and the shortest URL pattern that shows each route.
///
/// ```swift
/// let map = RouteMap(root: MainCoordinator(store: store))
/// for route in map.routes {
///     print(route.pattern, route.coordinator, route.name)
///     // /authenticated/todos/todo/{Int}  TodosCoordinator  todo
/// }
/// ```
///
/// The map is built by reflection over fresh coordinators (no tree, no guard, no hook runs):
/// a route that shows a child coordinator builds one, with a sample input when the route takes
/// one, and lists the child's routes below the route's pattern. So route factories must be
/// total and free of side effects for any input (as they should be anyway: a URL can name any
/// input); data is for screens to load. Each coordinator type is listed
/// once, at the shortest pattern that reaches it. Stacks chain (`…/todo/{Int}/todo/{Int}`); the
/// map gives each route's first link only. A child coordinator is built with a plain sample of
/// its route's input (`1`, or zeros and empty strings); when the input type refuses every sample
/// (an enum read from a string, a validated field), the route is listed without the child's.
public struct RouteMap: Sendable, Hashable {
    /// The routes, coordinator by coordinator in the order of their patterns' lengths (the root's
    /// first), each coordinator's in declaration order.
    public var routes: [Route]

    /// One route of one coordinator type.
    public struct Route: Sendable, Hashable {
        /// The declaring coordinator type (`TodosCoordinator`).
        public var coordinator: String
        /// The route's name, as URLs spell it.
        public var name: String
        /// How the route shows its content.
        public var kind: Kind
        /// The screen or coordinator type it shows.
        public var output: String
        /// The pattern's segments.
        public var segments: [Segment]
        /// The fields of the form the route's screen takes, when it is a ``FormScreen``.
        public var formSchema: FormSchema? = nil

        /// The URL pattern, inputs as `{Type}`: `/authenticated/todos/todo/{Int}`.
        public var pattern: String {
            "/" + self.segments.map(\.description).joined(separator: "/")
        }

        /// The types of the route's own input segments (empty when it takes none).
        public var inputTypes: [String] {
            self.segments.reversed().prefix { $0.route == self.name && $0.isInput }.reversed().compactMap(\.inputType)
        }
    }

    /// How a route shows its content.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// A root of a navigation coordinator.
        case root
        /// A tab of a tab coordinator (`dynamic` when it is opened per input).
        case tab(dynamic: Bool)
        /// Pushed or presented on a stack.
        case presented(Presentation)

        /// `root`, `tab`, `tab (opened per input)`, or the presentation (`push`, `modal`, …).
        public var description: String {
            switch self {
            case .root: "root"
            case .tab(let dynamic): dynamic ? "tab (opened per input)" : "tab"
            case .presented(let presentation): presentation.rawValue
            }
        }
    }

    /// A segment of a pattern.
    public enum Segment: Sendable, Hashable, CustomStringConvertible {
        /// A fixed segment: a route name, or `~`, which closes a child's part of the path.
        case literal(String)
        /// An input segment of `route`, of type `type`.
        case input(route: String, type: String)

        /// The segment as a pattern spells it: the literal, or `{Type}` for an input.
        public var description: String {
            switch self {
            case .literal(let text): text
            case .input(_, let type): "{\(type)}"
            }
        }

        /// Whether the segment is an input.
        public var isInput: Bool { self.inputType != nil }

        /// The input's type, for an input segment.
        public var inputType: String? {
            if case .input(_, let type) = self { return type }
            return nil
        }

        var route: String? {
            switch self {
            case .literal(let text): text
            case .input(let route, _): route
            }
        }
    }

    /// Maps every route reachable from `root`.
    public init(root: any Coordinatable) {
        var mapper = RouteMapper()
        mapper.map(from: root)
        self.routes = mapper.routes
    }

    /// Maps every route reachable from the tree's root coordinator.
    public init(tree: NavigationTree) {
        self.init(root: tree.root)
    }
}

/// Walks coordinator types breadth first, each node kind listing its own routes.
struct RouteMapper {
    private(set) var routes: [RouteMap.Route] = []
    /// Coordinators to map with the pattern that reaches them (held here: a node keeps its owner
    /// weakly, and the ones built for the map belong to no tree).
    private var queue: [(coordinator: any Coordinatable, prefix: [RouteMap.Segment])] = []
    private var seen: Set<String> = []

    mutating func map(from root: any Coordinatable) {
        self.enqueue(root, prefix: [])
        // The candidate with the fewest segments next (the first of equals), so each type is
        // mapped at the shortest pattern that reaches it.
        while let next = self.queue.indices.min(by: { self.queue[$0].prefix.count < self.queue[$1].prefix.count }) {
            let (coordinator, prefix) = self.queue.remove(at: next)
            // Each kind lists its routes (mapStack, mapTabs); a wrapper queues its child.
            coordinator.node.map(into: &self, prefix: prefix)
        }
    }

    /// Queues a coordinator (``Coordinatable/node`` binds a freshly built one); a type already
    /// mapped is skipped when its turn comes.
    mutating func enqueue(_ coordinator: any Coordinatable, prefix: [RouteMap.Segment]) {
        self.queue.append((coordinator, prefix))
    }

    /// Whether `node`'s type is mapped for the first time (each type is mapped once, at the
    /// shortest pattern that reaches it).
    private mutating func isFirstVisit(_ node: CoordinatorNode) -> Bool {
        self.seen.insert(node.table.typeName).inserted
    }

    mutating func mapStack(_ node: StackNode, prefix: [RouteMap.Segment]) {
        guard self.isFirstVisit(node), let owner = node.owner else { return }
        let table = node.table
        for index in table.rootIndices {
            let route = table.routes[index]
            let path = prefix + (table.namesRootInPath ? [.literal(route.name)] : [])
            self.add(route, of: node, kind: .root, path: path)
            if node.root?.route == index {
                if let child = node.root?.content.child { self.enqueue(child.coordinator, prefix: path) }
            } else if route.makesCoordinator {
                // A root's input is set by the app (a signed-in user), never by the address.
                var input: Any?
                if let codec = route.rootInput {
                    guard let sample = codec.sample() else { continue }
                    input = sample
                }
                if let child = route.make(owner, input).child { self.enqueue(child.coordinator, prefix: path) }
            }
        }
        // Pushed and presented routes follow the initial root's part of the path.
        var stackPrefix = prefix
        if let root = node.root {
            if table.namesRootInPath { stackPrefix.append(.literal(table.routes[root.route].name)) }
            if let child = root.content.child?.node {
                let (segments, endsInStack) = child.defaultPath
                stackPrefix += segments + (endsInStack ? [.literal("~")] : [])
            }
        }
        for route in table.routes {
            guard case .presented(let presentation) = route.metadata else { continue }
            let path = stackPrefix + [.literal(route.name)] + Self.inputSegments(of: route)
            self.add(route, of: node, kind: .presented(presentation), path: path)
            self.descend(into: route, owner: owner, path: path)
        }
    }

    mutating func mapTabs(_ node: TabsNode, prefix: [RouteMap.Segment]) {
        guard self.isFirstVisit(node), let owner = node.owner else { return }
        for (index, route) in node.table.routes.enumerated() where route.tabItem != nil {
            let path = prefix + [.literal(route.name)] + Self.inputSegments(of: route)
            self.add(route, of: node, kind: .tab(dynamic: route.input != nil), path: path)
            if route.input == nil, let slot = node.tabs.first(where: { $0.route == index }), let content = slot.content
            {
                if let child = content.child { self.enqueue(child.coordinator, prefix: path) }
            } else {
                self.descend(into: route, owner: owner, path: path)
            }
        }
    }

    /// Builds the route's child coordinator (with a sample input) to list its routes.
    private mutating func descend(into route: RouteDescriptor, owner: any Coordinatable, path: [RouteMap.Segment]) {
        guard route.makesCoordinator else { return }
        var input: Any?
        if let codec = route.input {
            guard let sample = codec.sample() else { return }
            input = sample
        }
        if let child = route.make(owner, input).child { self.enqueue(child.coordinator, prefix: path) }
    }

    private mutating func add(
        _ route: RouteDescriptor,
        of node: CoordinatorNode,
        kind: RouteMap.Kind,
        path: [RouteMap.Segment]
    ) {
        self.routes.append(
            RouteMap.Route(
                coordinator: node.displayName,
                name: route.name,
                kind: kind,
                output: route.outputType,
                segments: path,
                formSchema: route.screenType?.formSchema
            )
        )
    }

    private static func inputSegments(of route: RouteDescriptor) -> [RouteMap.Segment] {
        (route.input?.argumentTypes ?? []).map { .input(route: route.name, type: $0) }
    }
}
