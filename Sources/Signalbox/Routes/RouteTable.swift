import Synchronization

/// The routes of one coordinator type, in declaration order. Built once per type by reflecting
/// over a first instance; shared afterwards.
final class RouteTable: Sendable {
    /// `String(reflecting:)` of the coordinator type; identifies it in snapshots and errors.
    let typeName: String
    /// A short name for messages (`TodosCoordinator`).
    let displayName: String
    let routes: [RouteDescriptor]
    let indexByName: [String: Int]
    let rootIndices: [Int]
    /// The declared tabs (those without an input; a tab with one is opened at run time).
    let tabIndices: [Int]
    /// Whether the type is a ``SplitCoordinatable`` (known per type, so a page need not cast
    /// every screen's coordinator to find a split view's master).
    let isSplit: Bool
    /// Route storage key paths (`\._todo`) resolved so far (equal key paths of every instance
    /// are one key).
    private let indexByStorage = Mutex<[RouteKeyPath: Int]>([:])

    init(typeName: String, displayName: String, routes: [RouteDescriptor], isSplit: Bool = false) {
        self.typeName = typeName
        self.isSplit = isSplit
        self.displayName = displayName
        self.routes = routes
        var byName: [String: Int] = [:]
        for (index, route) in routes.enumerated() where byName[route.name] == nil {
            byName[route.name] = index
        }
        self.indexByName = byName
        self.rootIndices = routes.indices.filter { routes[$0].isRoot }
        self.tabIndices = routes.indices.filter { routes[$0].tabItem != nil && routes[$0].input == nil }
    }

    /// The table of a node not yet bound to its coordinator.
    static let unbound = RouteTable(typeName: "coordinator", displayName: "coordinator", routes: [])

    /// Whether paths name the active root (only when there is more than one).
    var namesRootInPath: Bool { self.rootIndices.count > 1 }

    func index(named name: String) -> Int? { self.indexByName[name] }

    /// Route key paths (`\.todo`) resolved so far: the key paths an app names routes with are
    /// few.
    private let indexByKeyPath = Mutex<[RouteKeyPath: Int]>([:])

    /// The index of a route key path resolved before.
    func index(ofKnown keyPath: AnyKeyPath) -> Int? {
        let key = RouteKeyPath(keyPath)
        return self.indexByKeyPath.withLock { $0[key] }
    }

    /// Remembers a resolved route key path (up to 64 per type; beyond that they are resolved
    /// each time, so key paths made at run time cannot grow the table without bound).
    func remember(_ keyPath: AnyKeyPath, index: Int) {
        let key = RouteKeyPath(keyPath)
        self.indexByKeyPath.withLock { known in
            if known.count < 64 { known[key] = index }
        }
    }

    /// The index of the route stored at `storage` in `coordinator` (an instance of this type).
    func index(ofStorage storage: AnyKeyPath, in coordinator: some Coordinatable) -> Int? {
        let key = RouteKeyPath(storage)
        if let index = self.indexByStorage.withLock({ $0[key] }) { return index }
        // First use of this route: find its declaration among the instance's routes, which are
        // in the same order as the table's.
        guard let declaration = coordinator[keyPath: storage] as? any RouteDeclaring,
            let index = RouteRegistry.declarations(of: coordinator).firstIndex(where: {
                $0.declaration.id == declaration.id
            })
        else { return nil }
        self.indexByStorage.withLock { $0[key] = index }
        return index
    }
}

/// The process-wide cache of route tables, keyed by coordinator type. It holds type metadata
/// only — never coordinators or trees — so every session shares it.
enum RouteRegistry {
    private static let tables = Mutex<[ObjectIdentifier: RouteTable]>([:])

    /// The table for the coordinator's type, built on first use.
    static func table(for coordinator: any Coordinatable) -> RouteTable {
        let id = ObjectIdentifier(type(of: coordinator))
        if let table = self.tables.withLock({ $0[id] }) { return table }
        let declarations = self.declarations(of: coordinator)
        let type = type(of: coordinator)
        var seen: [UInt64: String] = [:]
        for (property, declaration) in declarations {
            if let first = seen.updateValue(property, forKey: declaration.id) {
                // One initializer call made both (a helper that returns routes): they share their
                // factory, so the second would silently show the first's content.
                preconditionFailure(
                    "\(type): routes '\(first)' and '\(property)' come from the same source location; "
                        + "declare each route with its own @Route attribute"
                )
            }
        }
        let routes = declarations.map { $0.declaration.descriptor(property: $0.property) }
        let table = RouteTable(
            typeName: String(reflecting: type),
            displayName: String(describing: type),
            routes: routes,
            isSplit: coordinator is any SplitCoordinatable
        )
        return self.tables.withLock { tables in
            if let existing = tables[id] { return existing }
            tables[id] = table
            return table
        }
    }

    /// The routes declared by a coordinator instance, in declaration order (superclasses last).
    static func declarations(of coordinator: any Coordinatable) -> [(property: String, declaration: any RouteDeclaring)]
    {
        var found: [(property: String, declaration: any RouteDeclaring)] = []
        var mirror: Mirror? = Mirror(reflecting: coordinator)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let declaration = child.value as? any RouteDeclaring else { continue }
                let property = label.hasPrefix("_") ? String(label.dropFirst()) : label
                found.append((property, declaration))
            }
            mirror = current.superclassMirror
        }
        return found
    }

    /// The index of the route a key path names.
    static func routeIndex<C: Coordinatable, K, I, O>(
        of keyPath: KeyPath<C, Transition<C, K, I, O>>,
        in coordinator: C,
        table: RouteTable
    ) throws(NavigationError) -> Int {
        if let index = table.index(ofKnown: keyPath) { return index }
        guard let index = table.index(ofStorage: coordinator[keyPath: keyPath].storage, in: coordinator) else {
            throw .routeNotFound(route: "\(keyPath)", coordinator: table.displayName)
        }
        table.remember(keyPath, index: index)
        return index
    }

    /// Resolves an untyped key path (tab lists, initial roots).
    static func routeIndex(ofPartial keyPath: AnyKeyPath, in coordinator: any Coordinatable, table: RouteTable) -> Int?
    {
        func resolve<C: Coordinatable>(_ coordinator: C) -> Int? {
            guard let transition = coordinator[keyPath: keyPath] as? any TransitionProtocol else { return nil }
            return table.index(ofStorage: transition.storage, in: coordinator)
        }
        return resolve(coordinator)
    }
}

/// Lets untyped key paths reach a transition's storage.
protocol TransitionProtocol {
    var storage: AnyKeyPath { get }
}

extension Transition: TransitionProtocol {}

/// A key path as a cache key: hashed and compared as the key path itself, so two key paths whose
/// hashes collide are still two keys (a hash alone could pick the wrong route silently).
///
/// `@unchecked Sendable`: `AnyKeyPath` is an immutable class, but the standard library does not
/// declare it `Sendable` because a key path may capture subscript arguments of any type. Route key
/// paths name stored properties (`\.todo`, `\._todo`) and capture nothing, and a key is only read
/// (hashed, compared) after it is made, so sharing one between threads is safe.
struct RouteKeyPath: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath

    init(_ keyPath: AnyKeyPath) {
        self.keyPath = keyPath
    }
}
