import Synchronization

/// The routes of one coordinator type, in declaration order. Built once per type by reflecting
/// over a first instance; shared and immutable afterwards.
final class RouteTable: Sendable {
    /// `String(reflecting:)` of the coordinator type; identifies it in snapshots and errors.
    let typeName: String
    /// A short name for messages (`TodosCoordinator`).
    let displayName: String
    let routes: [RouteDescriptor]
    let indexByName: [String: Int]
    let indexBySite: [DeclarationSite: Int]
    let rootIndices: [Int]
    let tabIndices: [Int]

    init(typeName: String, displayName: String, routes: [(DeclarationSite, RouteDescriptor)]) {
        self.typeName = typeName
        self.displayName = displayName
        let descriptors = routes.map(\.1)
        self.routes = descriptors
        var byName: [String: Int] = [:]
        var bySite: [DeclarationSite: Int] = [:]
        for (index, (site, route)) in routes.enumerated() {
            if byName[route.name] == nil { byName[route.name] = index }
            bySite[site] = index
        }
        self.indexByName = byName
        self.indexBySite = bySite
        self.rootIndices = descriptors.indices.filter { descriptors[$0].isRoot }
        self.tabIndices = descriptors.indices.filter { descriptors[$0].tabItem != nil }
    }

    /// Whether paths name the active root (only when there is more than one).
    var namesRootInPath: Bool { self.rootIndices.count > 1 }

    func index(named name: String) -> Int? { self.indexByName[name] }
}

/// The process-wide cache of route tables, keyed by coordinator type. It holds type metadata
/// only — never coordinators or trees — so every session shares it.
enum RouteRegistry {
    private static let tables = Mutex<[ObjectIdentifier: RouteTable]>([:])

    /// The table for the coordinator's type, built on first use.
    static func table(for coordinator: any Coordinatable) -> RouteTable {
        let id = ObjectIdentifier(type(of: coordinator))
        if let table = self.tables.withLock({ $0[id] }) { return table }
        let table = self.buildTable(for: coordinator)
        return self.tables.withLock { tables in
            if let existing = tables[id] { return existing }
            tables[id] = table
            return table
        }
    }

    /// The index of the route a key path names.
    static func routeIndex<C: Coordinatable, K, I, O>(
        of keyPath: KeyPath<C, Transition<C, K, I, O>>, in coordinator: C
    ) -> Int {
        let node = coordinator.node
        // Key path literals are uniqued per call site; the node keeps the ones it has seen
        // (strongly, so their identity stays valid) to skip projecting them again.
        for (known, index) in node.keyPathCache where known === keyPath { return index }
        // Every Transition comes from a declared @Route, so the site is always in the table.
        let index = node.table.indexBySite[coordinator[keyPath: keyPath].site] ?? 0
        if node.keyPathCache.count < 16 { node.keyPathCache.append((keyPath, index)) }
        return index
    }

    /// Resolves an untyped key path (tab lists, initial roots).
    static func routeIndex(ofPartial keyPath: AnyKeyPath, in coordinator: any Coordinatable) -> Int? {
        guard let transition = Self.value(at: keyPath, in: coordinator) as? any TransitionProtocol else {
            return nil
        }
        return coordinator.coordinatorNode.table?.indexBySite[transition.site]
            ?? Self.table(for: coordinator).indexBySite[transition.site]
    }

    private static func value(at keyPath: AnyKeyPath, in coordinator: some Coordinatable) -> Any? {
        coordinator[keyPath: keyPath]
    }

    private static func buildTable(for coordinator: any Coordinatable) -> RouteTable {
        var routes: [(DeclarationSite, RouteDescriptor)] = []
        var mirror: Mirror? = Mirror(reflecting: coordinator)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let declaration = child.value as? any RouteDeclaring else { continue }
                let property = label.hasPrefix("_") ? String(label.dropFirst()) : label
                routes.append((declaration.site, declaration.descriptor(property: property)))
            }
            mirror = current.superclassMirror
        }
        let type = type(of: coordinator)
        return RouteTable(typeName: String(reflecting: type), displayName: String(describing: type), routes: routes)
    }
}

/// Lets untyped key paths reach a transition's declaration site.
protocol TransitionProtocol {
    var site: DeclarationSite { get }
}

extension Transition: TransitionProtocol {}
