import Signalbox

/// The developer page's model: the session's coordinator tree, from its snapshot, with the
/// canonical path that brings each node to the top.
///
/// A node's path is found by focusing the snapshot on it (its ancestors' stacks cut above it,
/// their tabs switched to it), restoring that into a scratch tree from `makeTree` and reading the
/// scratch tree's ``NavigationTree/path``. That costs a tree per node, which is fine for a page
/// that is off by default and meant for development.
struct DevTree {
    static let path = "/_dev/tree"

    let makeTree: () -> NavigationTree
    /// Paths in the model are public URLs under this mount path.
    let mount: MountPath

    /// `{path, nodes: [node]}`; a node is `{kind, isNavigation, isTabs, isWrapper, type, name, path,
    /// entries: [{route, presentation, input, isRoot, path, child: [node]}],
    /// tabs: [{name, active, path, child: [node]}], child: [node]}` — every key always present
    /// (lists empty when unused), so the recursive template never picks up an outer node's keys.
    func model(of tree: NavigationTree) async throws -> ViewModel {
        let snapshot = try tree.snapshot()
        let node = await self.node(snapshot.root) { NavigationSnapshot(root: $0) }
        return ["path": .string(self.mount.url(for: tree.path)), "nodes": [node]]
    }

    private func node(
        _ coordinator: CoordinatorSnapshot,
        focus: (CoordinatorSnapshot) -> NavigationSnapshot
    ) async -> ViewModel {
        var entries: [ViewModel] = []
        var tabs: [ViewModel] = []
        var children: [ViewModel] = []
        let kind: String
        switch coordinator {
        case .navigation(let type, let root, let stack):
            kind = "navigation"
            let all = [root] + stack
            for (index, entry) in all.enumerated() {
                // Focus on entry `index`: keep the stack up to it, with `child` in its place.
                let place: (CoordinatorSnapshot?) -> CoordinatorSnapshot = { child in
                    var kept = Array(all[...index])
                    kept[index].child = child
                    return .navigation(type: type, root: kept[0], stack: Array(kept.dropFirst()))
                }
                var child: ViewModel?
                if let inner = entry.child { child = await self.node(inner) { focus(place($0)) } }
                entries.append([
                    "route": .string(entry.route),
                    "presentation": entry.presentation.map { .string($0.rawValue) } ?? .null,
                    "input": entry.input.map(ViewModel.string) ?? .null,
                    "isRoot": .bool(index == 0),
                    "path": .string(await self.path(of: focus(place(entry.child.map(Self.collapsed))))),
                    "child": .list(child.map { [$0] } ?? []),
                ])
            }
        case .tabs(let type, let active, let built):
            kind = "tabs"
            for (index, tab) in built.enumerated() {
                let place: (CoordinatorSnapshot?) -> CoordinatorSnapshot = { child in
                    var all = built
                    all[index].child = child
                    return .tabs(type: type, active: tab.name, tabs: all)
                }
                var child: ViewModel?
                if let inner = tab.child { child = await self.node(inner) { focus(place($0)) } }
                tabs.append([
                    "name": .string(tab.name),
                    "active": .bool(tab.name == active),
                    "path": .string(await self.path(of: focus(place(tab.child.map(Self.collapsed))))),
                    "child": .list(child.map { [$0] } ?? []),
                ])
            }
        case .wrapper(let type, let child):
            kind = "wrapper"
            children.append(await self.node(child) { inner in focus(.wrapper(type: type, child: inner)) })
        }
        return [
            "kind": .string(kind),
            "isNavigation": .bool(kind == "navigation"),
            "isTabs": .bool(kind == "tabs"),
            "isWrapper": .bool(kind == "wrapper"),
            "type": .string(coordinator.type),
            "name": .string(Self.shortName(coordinator.type)),
            "path": .string(await self.path(of: focus(coordinator))),
            "entries": .list(entries),
            "tabs": .list(tabs),
            "child": .list(children),
        ]
    }

    /// The canonical path of a focused snapshot, or `"?"` when it does not restore.
    private func path(of snapshot: NavigationSnapshot) async -> String {
        let scratch = self.makeTree()
        do {
            try await scratch.restore(snapshot)
            return self.mount.url(for: scratch.path)
        } catch {
            return "?"
        }
    }

    /// A coordinator as it is when just entered: navigation stacks popped to their roots, all
    /// the way down the active children. An entry's path shows the entry itself on top, not
    /// what its child coordinator has pushed since.
    static func collapsed(_ coordinator: CoordinatorSnapshot) -> CoordinatorSnapshot {
        switch coordinator {
        case .navigation(let type, var root, _):
            root.child = root.child.map(Self.collapsed)
            return .navigation(type: type, root: root, stack: [])
        case .tabs(let type, let active, var tabs):
            if let index = tabs.firstIndex(where: { $0.name == active }) {
                tabs[index].child = tabs[index].child.map(Self.collapsed)
            }
            return .tabs(type: type, active: active, tabs: tabs)
        case .wrapper(let type, let child):
            return .wrapper(type: type, child: Self.collapsed(child))
        }
    }

    /// Type names without module prefixes: `Signalbox.WrapperCoordinator<App.TodosCoordinator>`
    /// → `WrapperCoordinator<TodosCoordinator>`.
    static func shortName(_ type: String) -> String {
        var result = ""
        var word = ""
        for character in type + " " {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                word.append(character)
            } else {
                result += word.split(separator: ".").last.map(String.init) ?? ""
                word = ""
                result.append(character)
            }
        }
        return String(result.dropLast())
    }
}
