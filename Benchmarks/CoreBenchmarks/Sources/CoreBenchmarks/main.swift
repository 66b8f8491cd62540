import Signalbox

// Usage: CoreBenchmarks [name [iterations]]
//   no arguments: run every benchmark 5 rounds and print the median µs/op as a Markdown table;
//   name + iterations: run one benchmark that many times and exit (for valgrind --tool=callgrind).
// The operations are async: the driver runs on an inline executor on the main thread, so no
// executor thread is ever started (valgrind 3.19 crashes on those) and no thread hop is timed.

struct Benchmark {
    let name: String
    let setUp: () async -> NavigationTree
    let body: (NavigationTree, Int) async -> Void
}

func fresh() -> NavigationTree { NavigationTree(root: App()) }

func prepared(_ path: String) -> () async -> NavigationTree {
    {
        let tree = fresh()
        _ = try? await tree.apply(path: path)
        return tree
    }
}

func run() async {
    var benchmarks: [Benchmark] = [
        Benchmark(name: "route+popLast", setUp: prepared("/flow")) { tree, _ in
            let flow = tree.routers.retrieve(Flow.self)!.coordinator!
            _ = try? await flow.route(to: \.item, 1)
            _ = try? await flow.popLast()
        },
        Benchmark(name: "new tree (baseline)", setUp: fresh) { _, _ in
            _ = fresh()
        },
    ]
    for depth in [1, 10, 50] {
        let target = path(depth: depth)
        benchmarks.append(
            Benchmark(name: "apply depth \(depth), fresh tree", setUp: fresh) { _, _ in
                _ = try? await fresh().apply(path: target)
            }
        )
        let other = path(depth: depth, last: 999)
        benchmarks.append(
            Benchmark(name: "apply depth \(depth), last segment differs", setUp: prepared(target)) { tree, iteration in
                _ = try? await tree.apply(path: iteration % 2 == 0 ? other : target)
            }
        )
    }
    // One input segment decoded per call: an Int, a struct (a record with a list and an
    // optional), two arguments.
    for (name, first, second) in [
        ("Int", "/flow/item/1", "/flow/item/2"),
        (
            "struct", "/flow/filter/(done=false,tags=(home,work),text=milk)",
            "/flow/filter/(done=true,tags=(home,work),text=milk)"
        ),
        ("two arguments", "/flow/cell/1/A", "/flow/cell/2/A"),
    ] {
        benchmarks.append(
            Benchmark(name: "apply depth 1, \(name) input differs", setUp: prepared(first)) { tree, iteration in
                _ = try? await tree.apply(path: iteration % 2 == 0 ? second : first)
            }
        )
    }
    benchmarks.append(
        Benchmark(name: "route+popLast, struct input", setUp: prepared("/flow")) { tree, _ in
            let flow = tree.routers.retrieve(Flow.self)!.coordinator!
            _ = try? await flow.route(to: \.filter, Filter(text: "milk", tags: ["home", "work"], done: false))
            _ = try? await flow.popLast()
        }
    )
    let snapshotTree = await prepared(path(depth: 10))()
    let snapshot = try! snapshotTree.snapshot()
    benchmarks.append(
        Benchmark(name: "snapshot depth 10", setUp: prepared(path(depth: 10))) { tree, _ in
            _ = try? tree.snapshot()
        }
    )
    benchmarks.append(
        Benchmark(name: "restore depth 10 (into a new tree)", setUp: fresh) { _, _ in
            try? await fresh().restore(snapshot)
        }
    )
    benchmarks.append(
        Benchmark(name: "path depth 10", setUp: prepared(path(depth: 10))) { tree, _ in
            _ = tree.path
        }
    )

    let arguments = CommandLine.arguments
    if arguments.count >= 3, let benchmark = benchmarks.first(where: { $0.name == arguments[1] }),
        let iterations = Int(arguments[2])
    {
        let tree = await benchmark.setUp()
        for iteration in 0..<iterations { await benchmark.body(tree, iteration) }
    } else if arguments.count == 2 && arguments[1] == "--list" {
        for benchmark in benchmarks { print(benchmark.name) }
    } else {
        let clock = ContinuousClock()
        print("| Benchmark | median µs/op | rounds (µs/op) |")
        print("|---|---:|---|")
        for benchmark in benchmarks {
            let tree = await benchmark.setUp()
            // Calibrate to ~50 ms per round.
            var iterations = 100
            while true {
                let start = clock.now
                for i in 0..<iterations { await benchmark.body(tree, i) }
                let elapsed = clock.now - start
                if elapsed > .milliseconds(20) || iterations > 10_000_000 { break }
                iterations *= 4
            }
            var rounds: [Double] = []
            for _ in 0..<5 {
                let start = clock.now
                for i in 0..<iterations { await benchmark.body(tree, i) }
                let elapsed = clock.now - start
                let (seconds, attoseconds) = elapsed.components
                rounds.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(iterations))
            }
            let median = rounds.sorted()[2]
            let formatted = rounds.map { String(format3($0)) }.joined(separator: ", ")
            print("| \(benchmark.name) | \(format3(median)) | \(formatted) |")
        }
    }
}

try InlineExecutor().run { await run() }

func format3(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    return String(scaled)
}
