// Forms (issue 32): what typed decoding costs against reading FormData by hand, and a server
// that takes uploads, for the memory of eight 50 MB uploads at once (Benchmarks/forms/forms.sh).

import Signalbox
import SignalboxHTTP
import SignalboxMHD
import SignalboxWeb

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum BenchPriority: String, CaseIterable, Decodable, Sendable { case low, normal, high }

/// A new-todo form: text with a length rule, a number in a range, a choice and a checkbox.
struct BenchTodo: FormValidatable, Sendable {
    var title: String
    var estimate: Int
    var priority: BenchPriority
    var urgent: Bool

    static func rules(_ rules: inout FormRules<Self>) {
        rules.field(\.title, .length(max: 200))
        rules.field(\.estimate, .range(0...100))
    }
}

let benchForm: FormData = ["title": "Feed the Cheshire cat", "estimate": "3", "priority": "high", "urgent": "on"]

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

func formBenchmarks() -> [Benchmark] {
    [
        Benchmark(name: "form: read by hand from FormData (4 fields)") {
            {
                let form = benchForm
                guard let title = form["title"], !title.allSatisfy(\.isWhitespace), title.count <= 200,
                    let estimate = Int(form["estimate"] ?? ""), (0...100).contains(estimate),
                    let priority = BenchPriority(rawValue: form["priority"] ?? "")
                else { fatalError("the benchmark's form is valid") }
                keep((title, estimate, priority, form["urgent"] != nil))
            }
        },
        Benchmark(name: "form: typed decode with rules (4 fields)") {
            let decoder = FormDecoder()
            _ = try decoder.decode(BenchTodo.self, from: benchForm)  // the type's definition, made once
            return { keep(try decoder.decode(BenchTodo.self, from: benchForm)) }
        },
    ]
}

/// Answers every request with the sizes of the files it carried: from the temporary files the
/// server wrote (uploads on), or from the body it collected in memory (uploads off).
struct UploadSizes: Responder {
    func respond(to request: Request) async throws -> Response {
        let text =
            if let form = request.multipart {
                form.files.map { String($0.file.size) }.joined(separator: " ")
            } else {
                "in memory \(request.body.count)"
            }
        return Response(status: .ok, contentType: "text/plain", body: text + "\n")
    }
}

/// The embedded server with `UploadSizes`: uploads written to temporary files as they arrive
/// (64 MiB a file), or with `inMemory` bodies collected in memory (up to 64 MiB).
func serveUploads(port: Int, inMemory: Bool) async throws {
    var logger = Logger(label: "render-benchmarks-uploads")
    logger.logLevel = .warning
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: port)
    configuration.perIPConnectionLimit = 0
    configuration.connectionTimeout = .seconds(120)
    if inMemory {
        configuration.uploads = nil
        configuration.maxBodySize = 64 << 20
    } else {
        configuration.uploads = MultipartSpooler.Limits(maxFileBytes: 64 << 20, maxBytes: 64 << 20)
    }
    try await runUntilSignalled(HTTPServer(configuration: configuration, responder: UploadSizes(), logger: logger))
}
