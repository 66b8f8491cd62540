// A stack as data, and back: the root (with its `Codable` input as JSON) and every entry (with
// its input's path segment, decoded by the same decoder as paths).

extension StackNode {
    func snapshotStack() throws(NavigationError) -> CoordinatorSnapshot {
        guard let root = self.root else { throw .snapshotMismatch(reason: "\(self.displayName) has no root") }
        let route = self.table.routes[root.route]
        var rootInput = self.encodedRootInput
        if rootInput == nil, let codec = route.rootInput, let input = root.input {
            do {
                rootInput = try codec.encode(input)
            } catch {
                throw .snapshotMismatch(reason: "root input of \(self.displayName) did not encode: \(error)")
            }
            self.encodedRootInput = rootInput
        }
        var stack: [EntrySnapshot] = []
        stack.reserveCapacity(self.items.count)
        for item in self.items {
            stack.append(
                EntrySnapshot(
                    route: self.table.routes[item.route].name,
                    presentation: item.presentation,
                    input: item.inputSegment,
                    child: try item.content.child?.node.snapshot()
                )
            )
        }
        return .navigation(
            type: self.table.typeName,
            root: EntrySnapshot(route: route.name, input: rootInput, child: try root.content.child?.node.snapshot()),
            stack: stack
        )
    }

    func planStackRestore(_ snapshot: CoordinatorSnapshot, _ plan: inout RestorePlan) throws(NavigationError) {
        guard case .navigation(_, let rootSnapshot, let stack) = snapshot, let owner = self.owner else {
            throw .snapshotMismatch(reason: "\(self.displayName) is not shaped like the snapshot")
        }
        let rootIndex = try self.routeIndex(rootSnapshot.route, root: true)
        let route = self.table.routes[rootIndex]
        var input: Any?
        if let codec = route.rootInput {
            guard let json = rootSnapshot.input else { throw .missingRootInput(root: route.name) }
            do {
                input = try codec.decode(json)
            } catch {
                throw .snapshotMismatch(reason: "root input of \(route.name) did not decode: \(error)")
            }
        }
        let rootContent = route.make(owner, input)
        try plan.restore(rootContent, from: rootSnapshot.child)
        var entries: [Entry] = []
        for item in stack {
            let index = try self.routeIndex(item.route, root: false)
            let itemRoute = self.table.routes[index]
            var decoded: DecodedInput?
            if itemRoute.input != nil {
                guard let segment = item.input else { throw .missingInput(route: itemRoute.name) }
                decoded = try itemRoute.decode(storedSegment: segment)
            }
            let content = itemRoute.make(owner, decoded?.value)
            try plan.restore(content, from: item.child)
            entries.append(
                Entry(
                    route: index,
                    presentation: itemRoute.presentation,
                    input: decoded?.value,
                    inputSegment: decoded?.segment,
                    content: content
                )
            )
        }
        let rootEntry = Entry(
            route: rootIndex,
            presentation: nil,
            input: input,
            inputSegment: nil,
            content: rootContent
        )
        plan.commits.append { hooks in
            self.replaceRoot(with: rootEntry, &hooks)
            for entry in entries { self.append(entry) }
        }
    }

    private func routeIndex(_ name: String, root: Bool) throws(NavigationError) -> Int {
        guard let index = self.table.index(named: name), self.table.routes[index].isRoot == root else {
            throw .snapshotMismatch(reason: "\(self.displayName) has no \(root ? "root" : "route") \"\(name)\"")
        }
        return index
    }
}
