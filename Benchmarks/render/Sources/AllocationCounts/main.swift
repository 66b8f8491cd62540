// Heap allocations per operation of the in-process benchmarks (issue 36: budgets `make test`
// enforces). Counts are deterministic: one thread runs each operation (InlineExecutor) and every
// malloc of the process is counted (CAllocationCounter), so a change that allocates more fails.
//
//   allocation-counts [NAME ...]        NAME, TAB, allocations per operation
//   allocation-counts --check FILE      compares with FILE's budgets (JSON: name → allocations per
//                                       operation); exits 1 when one is over, and names the ones
//                                       now more than 5 % under (record them: lower the budget)
//
// Each count is the fewest of 5 runs of 10 operations, after 10 operations of warm-up (lazy
// globals, caches, the session's first request).

import CAllocationCounter
import Foundation
import SignalboxWeb

/// What the budgets cover: the in-process list page, a reshaping request, a 304 revalidation and
/// a page render (issue 36).
let budgeted = [
    "request: list page, compiled (library)",
    "request: list ↔ todo, compiled (library)",
    "request: list page revalidated (304)",
    "render: list page, compiled (library)",
]

func allocationsPerOperation(_ benchmark: Benchmark) async throws -> Double {
    let operation = try await benchmark.make()
    for _ in 0..<10 { try await operation() }
    var fewest = Int.max
    for _ in 0..<5 {
        allocation_counter_start()
        for _ in 0..<10 { try await operation() }
        allocation_counter_stop()
        fewest = min(fewest, allocation_counter_value())
    }
    return Double(fewest) / 10
}

func counts(_ names: [String]) async throws -> [(String, Double)] {
    let all = allBenchmarks() + formBenchmarks() + viewModelBenchmarks()
    var result: [(String, Double)] = []
    for name in names {
        guard let benchmark = all.first(where: { $0.name == name }) else { throw CountError.unknown(name) }
        result.append((name, try await allocationsPerOperation(benchmark)))
    }
    return result
}

enum CountError: Error {
    case unknown(String)
    case budgets(String)
}

func main(_ arguments: [String]) async throws -> Int32 {
    if arguments.first == "--check", arguments.count == 2 {
        // The counter itself: an array of 1 000 integers is one allocation at least.
        allocation_counter_start()
        let probe = Array(repeating: arguments.count, count: 1000)
        allocation_counter_stop()
        guard allocation_counter_value() >= 1, probe.count == 1000 else {
            print("the allocation counter counts nothing: is malloc exported (--export-dynamic)?")
            return 1
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        guard let budgets = try JSONSerialization.jsonObject(with: data) as? [String: Double] else {
            throw CountError.budgets("\(arguments[1]) is not an object of numbers")
        }
        var over = 0
        for (name, measured) in try await counts(budgeted) {
            guard let budget = budgets[name] else { throw CountError.budgets("no budget for \(name)") }
            let verdict: String
            if measured > budget {
                verdict = "OVER BUDGET"
                over += 1
            } else if measured < budget * 0.95 {
                verdict = "under budget by more than 5 %: record \(measured) in \(arguments[1])"
            } else {
                verdict = "ok"
            }
            print("\(name): \(measured) allocations/op, budget \(budget): \(verdict)")
        }
        return over == 0 ? 0 : 1
    }
    for (name, measured) in try await counts(arguments.isEmpty ? budgeted : arguments) {
        print("\(name)\t\(measured)")
    }
    return 0
}

let status = try inline.run { try await main(Array(CommandLine.arguments.dropFirst())) }
exit(status)
