// Render and in-process request benchmarks of the demo's todo pages (release build).
//
//   RenderBenchmarks [--templates DIR]              all benchmarks: a Markdown table (median of 5 rounds)
//   RenderBenchmarks --list                         benchmark names
//   RenderBenchmarks NAME ITERATIONS                runs one benchmark ITERATIONS times (for callgrind/DHAT)
//   RenderBenchmarks --verify                       compiled engine output == swift-mustache output, byte for byte
//   RenderBenchmarks --dump DIR                     writes the pages both renderers produce
//   RenderBenchmarks --serve PORT [--interpreted]   the todo demo on HTTPServer (compiled engine, or swift-mustache)
//   RenderBenchmarks --serve-uploads PORT [--in-memory]  a server answering the sizes of uploaded files
//                                                   (written to temporary files, or bodies held in memory)
//   RenderBenchmarks --list-forms                   the form benchmarks' names (run like any other by NAME)
//   RenderBenchmarks --list-view-models             the view model benchmarks' names (likewise)
//   RenderBenchmarks --session-memory N             heap bytes per logged-in session with a 3-deep stack
//   RenderBenchmarks --export-templates DIR         writes the library's own templates (MustacheRenderer.defaultTemplates)
//                                                   as DIR/NAME.mustache (for the Hummingbird peer, under the demo's)
//
// The app is the demo's own (TodoApp compiled from the repository's sources): the demo store
// plus todos "Todo number 5" … "Todo number 20" (as Benchmarks/load/client.py adds them over
// HTTP), one session logged in through `WebApp.respond(to:)` exactly as a browser would (GET →
// cookie + CSRF token, POST the login form), then the measured requests with that cookie.
// "render" benchmarks replay the three `TemplateRenderer.render` calls the web layer makes for
// the list page (todos/list, wrappers/flow, layout), recorded from a real request.

import Dispatch
import SignalboxWeb

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: Main

func run(_ arguments: [String]) async throws {
let benchmarks = allBenchmarks()
if arguments.first == "--list" {
    for benchmark in benchmarks { print(benchmark.name) }
} else if arguments.first == "--list-forms" {
    for benchmark in formBenchmarks() { print(benchmark.name) }
} else if arguments.first == "--list-view-models" {
    for benchmark in viewModelBenchmarks() { print(benchmark.name) }
} else if arguments.first == "--verify" {
    let reference = try await pages(try mustache())
    let candidate = try await pages(try compiled())
    var same = true
    for (left, right) in zip(reference, candidate) {
        let equal = left.0 == right.0 && left.1 == right.1
        same = same && equal
        print("\(equal ? "same" : "DIFFERENT")\t\(left.0)\t\(left.1.count) bytes\t\(right.1.count) bytes")
    }
    let unsupported = try compiled().interpretedTemplates
    for (name, reason) in unsupported.sorted(by: { $0.key < $1.key }) {
        print("falls back to swift-mustache: \(name) (\(reason))")
    }
    exit(same ? 0 : 1)
} else if arguments.first == "--session-memory", arguments.count > 1, let count = Int(arguments[1]) {
    try await sessionMemory(count: count)
} else if arguments.first == "--export-templates", arguments.count > 1 {
    for (name, text) in MustacheRenderer.defaultTemplates {
        let file = "\(arguments[1])/\(name).mustache"
        // Create the folders on the way (mkdir fails harmlessly on those that exist).
        var slash = file.index(after: file.startIndex)
        while let next = file[slash...].firstIndex(of: "/") {
            mkdir(String(file[..<next]), 0o755)
            slash = file.index(after: next)
        }
        guard let handle = fopen(file, "w") else { fatalError("cannot write \(file)") }
        fputs(text, handle)
        fclose(handle)
    }
} else if arguments.first == "--dump", arguments.count > 1 {
    for (label, renderer) in [("mustache", try mustache()), ("compiled", try compiled())] {
        for (index, page) in try await pages(renderer).enumerated() {
            let file = "\(arguments[1])/\(label)-\(index).html"
            let handle = fopen(file, "w")!
            fputs("<!-- \(page.0) -->\n", handle)
            page.1.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, handle) }
            fclose(handle)
        }
    }
} else if let name = arguments.first, !name.hasPrefix("--"), arguments.count > 1, let iterations = Int(arguments[1]) {
    guard let benchmark = (benchmarks + formBenchmarks() + viewModelBenchmarks()).first(where: { $0.name == name }) else {
        fatalError("no benchmark \(name)")
    }
    let operation = try await benchmark.make()
    for _ in 0..<iterations { try await operation() }
} else {
    print("| Benchmark | median µs/op | rounds (µs/op) |")
    print("|---|---:|---|")
    for benchmark in benchmarks {
        let rounds = try await measure(benchmark)
        let median = rounds.sorted()[rounds.count / 2]
        print("| \(benchmark.name) | \(format(median)) | \(rounds.map(format).joined(separator: ", ")) |")
    }
}
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--serve-uploads" {
    Task {
        do {
            try await serveUploads(port: Int(arguments[1]) ?? 0, inMemory: arguments.contains("--in-memory"))
            exit(0)
        } catch {
            print("serve-uploads: \(error)")
            exit(1)
        }
    }
    dispatchMain()
} else if arguments.first == "--serve" {
    // A server: Swift's global executor is fine here (not run under valgrind).
    Task {
        do {
            try await serve(port: Int(arguments[1]) ?? 0, useSwiftMustache: arguments.contains("--interpreted"))
            exit(0)
        } catch {
            print("serve: \(error)")
            exit(1)
        }
    }
    dispatchMain()
} else {
    try inline.run { try await run(arguments) }
}
