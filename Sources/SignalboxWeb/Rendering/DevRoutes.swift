import Signalbox

/// The developer page `/_dev/routes`: every route reachable from the root (``RouteMap``), by
/// coordinator, with its kind, input types, what it shows and the URL pattern that reaches it
/// (a link when it takes no input). JSON:
/// `{"routes": [{"coordinator", "route", "kind", "presentation", "inputs", "output", "pattern"}]}`.
struct DevRoutes {
    let map: RouteMap
    let mount: MountPath

    /// The view model of template `dev/routes`.
    var model: ViewModel {
        var order: [String] = []
        var routes: [String: [ViewModel]] = [:]
        for route in self.map.routes {
            if routes[route.coordinator] == nil { order.append(route.coordinator) }
            let pattern = self.mount.url(for: route.pattern)
            routes[route.coordinator, default: []].append([
                "name": .string(route.name), "kind": .string(route.kind.description),
                "inputs": .string(route.inputTypes.joined(separator: ", ")), "output": .string(route.output),
                "pattern": .string(pattern), "link": route.segments.contains { $0.isInput } ? .null : .string(pattern),
            ])
        }
        return [
            "coordinators": .list(order.map { ["name": .string($0), "routes": .list(routes[$0]!)] }),
            "count": .int(self.map.routes.count),
        ]
    }

    var json: String {
        var writer = JSONWriter()
        writer.object { object in
            object.key("routes") { list in
                list.array(self.map.routes) { writer, route in
                    writer.object { entry in
                        entry.string("coordinator", route.coordinator)
                        entry.string("route", route.name)
                        switch route.kind {
                        case .root: entry.string("kind", "root")
                        case .tab(let dynamic): entry.string("kind", dynamic ? "dynamicTab" : "tab")
                        case .presented: entry.string("kind", "presented")
                        }
                        if case .presented(let presentation) = route.kind {
                            entry.string("presentation", presentation.rawValue)
                        } else {
                            entry.string("presentation", nil)
                        }
                        entry.value("inputs", .list(route.inputTypes.map(ViewModel.string)))
                        entry.string("output", route.output)
                        entry.string("pattern", self.mount.url(for: route.pattern))
                    }
                }
            }
        }
        return writer.output
    }
}
