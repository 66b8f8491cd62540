// Planning a path on a stack: the root segment (when the coordinator has several roots), then
// its entries. Entries on the common prefix are kept (their state survives); the first one that
// differs and everything above it are replaced. Nothing changes until the whole path is valid.

extension StackNode {
    func planStack(_ parser: inout PathParser) async throws {
        guard let owner = self.owner, let root = self.root else { return }
        let start = parser.index
        let switchesRoot = try await self.planRoot(&parser, owner: owner, current: root, start: start)
        var kept = 0
        var keeping = !switchesRoot
        var added: [Entry] = []
        while let segment = parser.peek {
            if segment == PathCodec.endMarker {
                parser.advance()
                break
            }
            // Fast path: the segments spell exactly the kept entry's canonical name and input.
            if keeping, kept < self.items.count, self.spells(self.items[kept], &parser) {
                if case .screen = self.items[kept].content {
                    try parser.countScreen()
                } else {
                    try await parser.plan(self.items[kept].content)
                }
                kept += 1
                continue
            }
            guard let name = PathCodec.decodeName(segment), let index = self.table.index(named: name),
                let presentation = self.table.routes[index].presentation
            else {
                parser.refusedBy = parser.refusedBy ?? self.displayName
                break
            }
            parser.advance()
            var input: Any?
            var inputSegment: String?
            if self.table.routes[index].input != nil {
                let decoded = try parser.takeInput(for: self.table.routes[index])
                (input, inputSegment) = (decoded.value, decoded.segment)
            }
            if keeping, kept < self.items.count, self.items[kept].route == index,
                self.items[kept].inputSegment == inputSegment
            {
                if case .screen = self.items[kept].content {
                    try parser.countScreen()
                } else {
                    try await parser.plan(self.items[kept].content)
                }
                kept += 1
                continue
            }
            keeping = false
            try await parser.askGuard(self, route: index, kind: .route(presentation), input: input, start: start)
            let content = self.table.routes[index].make(owner, input)
            if case .screen = content { try parser.countScreen() } else { try await parser.plan(content) }
            added.append(
                Entry(
                    route: index,
                    presentation: presentation,
                    input: input,
                    inputSegment: inputSegment,
                    content: content
                )
            )
        }
        if kept < self.items.count || !added.isEmpty {
            parser.commits.append { hooks in
                self.truncate(to: kept, &hooks)
                for entry in added { self.append(entry) }
            }
        }
    }

    /// Plans the root; returns `true` when the path switches to another root (whose build and
    /// the switch are queued).
    private func planRoot(
        _ parser: inout PathParser,
        owner: any Coordinatable,
        current: Entry,
        start: Int
    ) async throws -> Bool {
        guard self.table.namesRootInPath, let segment = parser.peek else {
            try await parser.plan(current.content)
            return false
        }
        guard let name = PathCodec.decodeName(segment), let index = self.table.index(named: name),
            self.table.routes[index].isRoot
        else {
            throw NavigationError.unknownRoute(
                segment: String(segment),
                coordinator: self.displayName,
                path: parser.path
            )
        }
        parser.advance()
        guard index != current.route else {
            try await parser.plan(current.content)
            return false
        }
        let route = self.table.routes[index]
        try await parser.askGuard(self, route: index, kind: .root, input: nil, start: start)
        if route.rootInput != nil { throw NavigationError.missingRootInput(root: route.name) }
        let content = route.make(owner, nil)
        try await parser.plan(content)
        let entry = Entry(route: index, presentation: nil, input: nil, inputSegment: nil, content: content)
        parser.commits.append { hooks in self.replaceRoot(with: entry, &hooks) }
        return true
    }

    /// Whether the parser's next segments are byte-for-byte the entry's canonical segments;
    /// consumes them if so.
    private func spells(_ entry: Entry, _ parser: inout PathParser) -> Bool {
        guard parser.peek == self.table.routes[entry.route].name[...] else { return false }
        guard let expected = entry.inputSegment else {
            parser.advance()
            return true
        }
        let count = self.table.routes[entry.route].input?.segmentCount ?? 1
        if count == 1 {
            guard parser.peek(at: 1) == expected[...] else { return false }
        } else {
            // Several arguments: the stored segments are joined by `/`.
            let given = (1...count).compactMap { parser.peek(at: $0) }
            guard given.count == count, given.joined(separator: "/") == expected else { return false }
        }
        parser.advance(by: count + 1)
        return true
    }
}
