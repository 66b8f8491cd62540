import PropertyBased
import Signalbox
import Testing

/// Random operation sequences over the test tree (nested navigation, tabs, modals, fullScreen,
/// child coordinators, wrappers, root switches) must keep the URL codec a bijection:
/// `path(apply(p)) == p` for every reachable p, and applying `path(t)` to a fresh tree rebuilds
/// the active branch of `t` exactly.
@Suite struct PropertyTests {
    static let stringInputs = ["x", "a/b", "", ".", "..", "~", "100%", "ü ñ", "?#", "<b>"]

    /// Performs operation `code` (with `argument`) on the tree, ignoring refusals.
    static func perform(_ code: Int, _ argument: Int, on tree: NavigationTree) async {
        let app = tree.root(as: AppCoordinator.self)!
        do {
            switch code % 10 {
            case 0, 1, 2, 3:
                let routes = tree.activeBranch.availableRoutes
                guard !routes.isEmpty else { return }
                let route = routes[argument % routes.count]
                var input: String?
                if route.path.hasSuffix("{input}") {
                    input = Self.input(for: route.name, argument)
                }
                try await tree.route(toNamed: route.name, input: input)
            case 4:
                try await tree.popTop(respectingDismissibility: false)
            case 5:
                try await tree.popTopToRoot()
            case 6:
                guard let bar = tree.tabBars.first else { return }
                try await tree.selectTab(named: bar.tabs[argument % bar.tabs.count].name)
            case 7:
                if argument % 2 == 0 {
                    try await app.root(\.guest)
                } else {
                    try await app.root(\.member, User(name: "u\(argument % 2)"))
                }
            case 8:
                let branch = tree.branch
                try await tree.apply(path: branch[argument % branch.count].path)
            default:
                try await tree.dismissTopPresentation()
            }
        } catch {
            // Refusals (nothing to pop, too deep, not dismissible...) are part of the model.
        }
    }

    /// A valid input for a route of the test tree, as form text.
    static func input(for route: String, _ argument: Int) -> String {
        let text = Self.stringInputs[argument % Self.stringInputs.count]
        switch route {
        case "item":
            return String(argument % 5)
        case "filter":
            let filter = ItemFilter(
                text: text,
                tags: Array(Self.stringInputs.prefix(argument % 3)),
                done: [nil, true, false][argument % 3],
                sort: argument % 2 == 0 ? .title : .due
            )
            return try! PathCodec.segment(for: filter)
        case "cell":
            return "\(argument % 4)/" + PathCodec.encodeInput(text)
        default:
            return text
        }
    }

    /// A snapshot without the tabs that are not on the active branch (a path names only the
    /// active tab, so only it can be rebuilt from a path).
    static func activeBranch(_ snapshot: CoordinatorSnapshot) -> CoordinatorSnapshot {
        switch snapshot {
        case .navigation(let type, var root, var stack):
            root.child = root.child.map(Self.activeBranch)
            for index in stack.indices { stack[index].child = stack[index].child.map(Self.activeBranch) }
            return .navigation(type: type, root: root, stack: stack)
        case .tabs(let type, let active, let tabs):
            let kept = tabs.filter { $0.name == active }.map {
                TabSnapshot(name: $0.name, child: $0.child.map(Self.activeBranch))
            }
            return .tabs(type: type, active: active, tabs: kept)
        case .wrapper(let type, let child):
            return .wrapper(type: type, child: Self.activeBranch(child))
        }
    }

    @Test func pathsOfReachableTreesRoundTrip() async {
        let operations = zip(Gen.int(in: 0...9), Gen.int(in: 0...1000)).array(of: 0...40)
        var reached: Set<String> = []
        await propertyCheck(count: 300, input: operations) { operations in
            let (tree, _) = makeTree()
            for (code, argument) in operations {
                await Self.perform(code, argument, on: tree)
                let path = tree.path
                for feature in [
                    "/~/", "member", "guest", "nested", "wizard", "pick", "sheet", "terms", "n/~", "filter/(", "cell/",
                ]
                where path.contains(feature) {
                    reached.insert(feature)
                }
                // Re-applying the canonical path is a no-op on the same tree.
                let before = try tree.snapshot()
                #expect(try await tree.apply(path: path) == .applied(path: path))
                #expect(try tree.snapshot() == before)

                // A fresh tree given the same root input reaches the same active branch.
                let (fresh, freshApp) = makeTree()
                if let user = tree.root(as: AppCoordinator.self)?.rootInput(\.member) {
                    try await freshApp.root(\.member, user)
                }
                #expect(try await fresh.apply(path: path) == .applied(path: path))
                #expect(Self.activeBranch(try fresh.snapshot().root) == Self.activeBranch(before.root))

                // Restoring the snapshot rebuilds everything, inactive tabs included.
                let (restored, _) = makeTree()
                try await restored.restore(before)
                #expect(try restored.snapshot() == before)
            }
        }
        // The generator must actually reach the interesting shapes.
        #expect(reached.count >= 10, "reached only \(reached.sorted())")
    }

    @Test func aTreeWhoseRevisionDidNotMoveHasTheSnapshotItHad() async throws {
        let operations = zip(Gen.int(in: 0...9), Gen.int(in: 0...1000)).array(of: 0...40)
        var unchanged = 0
        var changed = 0
        await propertyCheck(count: 300, input: operations) { operations in
            let (tree, _) = makeTree()
            for (code, argument) in operations {
                let before = (revision: tree.revision, snapshot: try tree.snapshot())
                await Self.perform(code, argument, on: tree)
                let after = try tree.snapshot()
                if tree.revision == before.revision {
                    #expect(after == before.snapshot, "the tree changed without moving its revision")
                    unchanged += 1
                } else if after != before.snapshot {
                    changed += 1
                }
            }
        }
        // Both kinds of step happen: refused or no-op operations, and real changes.
        #expect(unchanged >= 100, "only \(unchanged) steps left the revision alone")
        #expect(changed >= 100, "only \(changed) steps changed the tree")
    }
}
