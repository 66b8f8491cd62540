// The URL codec on the tree: emitting the canonical path of the active branch, and planning how
// to reshape the tree to a path (planning builds new parts detached and mutates nothing; the
// commits run only when the whole path was valid, so a bad path leaves the tree untouched).

extension CoordinatorNode {
    // MARK: Emitting

    /// Emits this node's segments. `incoming`/`incomingRoute` describe the stack item that
    /// holds this coordinator (if any); its first screen reports them.
    func emit(into builder: inout PathBuilder, presentation incoming: Presentation?, route incomingRoute: String? = nil) {
        switch self.kind {
        case .navigation:
            guard let root = self.root else { return }
            if self.table.namesRootInPath {
                builder.append(self.table.routes[root.route].name)
            }
            self.emit(
                root.content, route: root.route, presentation: incoming, index: -1, into: &builder,
                name: incomingRoute)
            for (index, item) in self.items.enumerated() {
                builder.append(self.table.routes[item.route].name)
                if let segment = item.inputSegment { builder.append(segment) }
                self.emit(item.content, route: item.route, presentation: item.presentation, index: index, into: &builder)
            }
        case .tabs:
            guard self.tabs.indices.contains(self.activeTab), let content = self.tabs[self.activeTab].content else { return }
            let route = self.tabs[self.activeTab].route
            builder.append(self.table.routes[route].name)
            self.emit(content, route: route, presentation: incoming, index: -2, into: &builder, name: incomingRoute)
        case .wrapper:
            guard let wrapped = self.wrapped else { return }
            if let info = (self.owner as? any WrapperRendering)?.wrapperInfo {
                builder.wrappers.append(info)
                wrapped.node.emit(into: &builder, presentation: incoming, route: incomingRoute)
                builder.wrappers.removeLast()
            } else {
                wrapped.node.emit(into: &builder, presentation: incoming, route: incomingRoute)
            }
        }
    }

    private func emit(
        _ content: Content, route: Int, presentation: Presentation?, index: Int, into builder: inout PathBuilder,
        name: String? = nil
    ) {
        let name = name ?? self.table.routes[route].name
        switch content {
        case .screen(let screen):
            builder.mark(screen: screen, route: name, presentation: presentation, node: self, index: index)
        case .coordinator(let child):
            let node = child.node
            node.emit(into: &builder, presentation: presentation, route: index >= 0 ? name : nil)
            if self.kind == .navigation && node.tailIsNavigation {
                builder.pendingMarkers += 1
            }
        }
    }

    // MARK: Planning

    /// Plans the changes that make this node's part of the tree match the parser's segments.
    func plan(_ parser: inout PathParser) throws(NavigationError) {
        switch self.kind {
        case .navigation: try self.planNavigation(&parser)
        case .tabs: try self.planTabs(&parser)
        case .wrapper: try self.wrapped?.node.plan(&parser)
        }
    }

    private func planNavigation(_ parser: inout PathParser) throws(NavigationError) {
        guard let owner = self.owner, let root = self.root else { return }
        var rootChanged = false
        if self.table.namesRootInPath, let segment = parser.peek {
            guard let name = PathCodec.decodeName(segment), let index = self.table.index(named: name),
                self.table.routes[index].isRoot
            else {
                throw .unknownRoute(segment: String(segment), coordinator: self.displayName, path: parser.path)
            }
            parser.advance()
            if index != root.route {
                rootChanged = true
                let route = self.table.routes[index]
                let origin = NavigationAttempt.Origin.path(parser.path)
                try self.checkGuard(route: index, kind: .root, input: nil, origin: origin, resume: &parser.resume)
                if route.rootInput != nil { throw .missingRootInput(root: route.name) }
                let content = route.make(owner, nil)
                try Self.plan(content, &parser)
                let entry = Entry(route: index, presentation: nil, input: nil, inputSegment: nil, content: content)
                parser.commits.append { self.replaceRoot(with: entry) }
            }
        }
        if !rootChanged {
            try Self.plan(root.content, &parser)
        }

        var kept = 0
        var matching = !rootChanged
        var added: [Entry] = []
        while let segment = parser.peek {
            if segment == PathCodec.endMarker {
                parser.advance()
                break
            }
            // Fast path: the segment spells exactly the kept entry's canonical name and input.
            if matching, kept < self.items.count, self.keeps(kept, segment, &parser) {
                try Self.plan(self.items[kept].content, &parser)
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
            let route = self.table.routes[index]
            var input: Any?
            var inputSegment: String?
            if let codec = route.input {
                guard let raw = parser.peek else { throw .missingInput(route: route.name) }
                parser.advance()
                do {
                    let plain = PathCodec.isCanonicalPlain(raw)
                    let text = plain ? String(raw) : try PathCodec.decodeInput(raw)
                    let value = try codec.decode(text)
                    input = value
                    let canonical = codec.encode(value)
                    inputSegment = plain && canonical == text ? text : PathCodec.encodeInput(canonical)
                } catch {
                    throw .badInput(route: route.name, segment: String(raw.prefix(128)), reason: error.reason)
                }
            }
            if matching, kept < self.items.count, self.items[kept].route == index,
                self.items[kept].inputSegment == inputSegment
            {
                try Self.plan(self.items[kept].content, &parser)
                kept += 1
                continue
            }
            matching = false
            let origin = NavigationAttempt.Origin.path(parser.path)
            try self.checkGuard(
                route: index, kind: .route(presentation), input: input, origin: origin, resume: &parser.resume)
            let content = route.make(owner, input)
            try Self.plan(content, &parser)
            added.append(
                Entry(route: index, presentation: presentation, input: input, inputSegment: inputSegment, content: content))
        }
        let keep = rootChanged ? 0 : kept
        let currentCount = self.items.count
        if keep < currentCount || !added.isEmpty {
            parser.commits.append {
                self.truncate(to: keep)
                for entry in added { self.append(entry) }
            }
        }
    }

    /// Whether the parser's next segments are byte-for-byte the entry's canonical segments;
    /// consumes them if so.
    private func keeps(_ position: Int, _ segment: Substring, _ parser: inout PathParser) -> Bool {
        guard segment == self.table.routes[self.items[position].route].name else { return false }
        guard let expected = self.items[position].inputSegment else {
            parser.advance()
            return true
        }
        let next = parser.index + 1
        guard next < parser.segments.count, parser.segments[next] == expected else {
            return false
        }
        parser.index = next + 1
        return true
    }

    private func planTabs(_ parser: inout PathParser) throws(NavigationError) {
        guard let owner = self.owner else { return }
        guard let segment = parser.peek, segment != PathCodec.endMarker else {
            // The path stops at the tab bar: keep the active tab as it is.
            return
        }
        guard let name = PathCodec.decodeName(segment),
            let tab = self.tabs.firstIndex(where: { self.table.routes[$0.route].name == name })
        else {
            throw .unknownRoute(segment: String(segment), coordinator: self.displayName, path: parser.path)
        }
        parser.advance()
        let route = self.tabs[tab].route
        if tab != self.activeTab {
            let origin = NavigationAttempt.Origin.path(parser.path)
            try self.checkGuard(route: route, kind: .tab, input: nil, origin: origin, resume: &parser.resume)
        }
        if let content = self.tabs[tab].content {
            if case .coordinator(let child) = content {
                try child.node.plan(&parser)
            } else {
                try parser.addScreen()
            }
            if tab != self.activeTab {
                parser.commits.append { self.activeTab = tab }
            }
        } else {
            let content = self.table.routes[route].make(owner, nil)
            try Self.plan(content, &parser)
            parser.commits.append {
                self.tabs[tab].content = content
                self.adopt(content)
                self.activeTab = tab
            }
        }
    }

    /// Plans an entry's content, kept or freshly built: a screen counts one level of depth, a child
    /// coordinator plans its own part of the path.
    private static func plan(_ content: Content, _ parser: inout PathParser) throws(NavigationError) {
        switch content {
        case .screen:
            try parser.addScreen()
        case .coordinator(let child):
            try child.node.plan(&parser)
        }
    }
}
