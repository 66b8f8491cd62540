import Dispatch
import HTTPTypes
import Logging
import SignalboxHTTP
import SignalboxServerTesting
@_spi(RawHTTP) import SignalboxTesting
import Synchronization
import Testing

@testable import SignalboxMHD

@Suite("HTTPServer responders: synchronous, suspending, throwing")
struct HTTPServerResponderTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "secret database password in /etc/app.conf" }
    }

    @Test("A responder that really suspends is answered after it resumes")
    func suspendingResponder() async throws {
        let responder = ClosureResponder { request in
            try await Task.sleep(for: .milliseconds(5))
            return Response(status: .created, contentType: "text/plain", body: "late \(request.target.path)")
        }
        try await withServer(responder: responder) { server in
            let response = try await fetch(server, "POST", "/slow", body: Array("x".utf8))
            #expect(response.status == 201)
            #expect(response.text == "late /slow")
        }
    }

    @Test("A responder goes on on the configured task executor once it suspends, and only then")
    func taskExecutorPreference() async throws {
        let executor = CountingExecutor()
        let responder = ClosureResponder { request in
            if request.target.path == "/suspends" { await Task.yield() }
            return Response(status: .ok, contentType: "text/plain", body: "done \(request.target.path)")
        }
        try await withServer(responder: responder, configure: { $0.taskExecutor = executor }) { server in
            let synchronous = try await fetch(server, "GET", "/in-place")
            #expect(synchronous.text == "done /in-place")
            // Finished on the worker thread that read it: nothing was handed to the executor.
            #expect(executor.jobs.load(ordering: .relaxed) == 0)
            let suspending = try await fetch(server, "GET", "/suspends")
            #expect(suspending.text == "done /suspends")
            #expect(executor.jobs.load(ordering: .relaxed) >= 1)
        }
    }

    @Test("The suspend-then-resume path works when the response is ready before the suspension")
    func forcedSuspendPath() async throws {
        // `alwaysSuspend` makes the libmicrohttpd thread suspend even though the (synchronous)
        // responder already finished: it must then resume the connection itself.
        try await withServer(configure: { $0.alwaysSuspend = true }) { server in
            let port = server.port
            let paths = try await onThread {
                let client = try RawClient(port: port)
                return try (0..<20).map { index in
                    try client.sendRequest("GET", "/s\(index)")
                    return try client.readResponse().echoed("path").first ?? ""
                }
            }
            #expect(paths == (0..<20).map { "/s\($0)" })
        }
    }

    @Test("A throwing responder gives a 500 with a request id, logged, without internals; the server keeps serving")
    func throwingResponder() async throws {
        let logs = LogRecorder()
        let logger = logs.logger()
        let responder = ClosureResponder { request in
            if request.target.path == "/boom" { throw Boom() }
            if request.target.path == "/late-boom" {
                try await Task.sleep(for: .milliseconds(2))
                throw Boom()
            }
            return Response(status: .ok, contentType: "text/plain", body: "fine")
        }
        try await withServer(responder: responder, logger: logger) { server in
            let port = server.port
            let (text, json, after) = try await onThread {
                let client = try RawClient(port: port)
                try client.sendRequest("GET", "/boom")
                let text = try client.readResponse()
                try client.sendRequest("GET", "/late-boom", headers: [("Accept", "application/json")])
                let json = try client.readResponse()
                try client.sendRequest("GET", "/ok")
                let after = try client.readResponse()
                return (text, json, after)
            }
            let id = try #require(text.header("X-Request-ID"))
            #expect(text.status == 500)
            #expect(id.count == 16)
            #expect(text.text == "500 Internal Server Error: Internal server error (request id \(id))\n")
            #expect(!text.text.contains("secret"))

            let jsonID = try #require(json.header("X-Request-ID"))
            #expect(json.status == 500)
            #expect(jsonID != id)
            #expect(
                json.text
                    == #"{"error":"internalServerError","message":"Internal server error (request id \#(jsonID))","status":500}"#
                    + "\n"
            )

            #expect(after.status == 200)
            #expect(after.text == "fine")

            let errors = logs.entries.filter { $0.level == .error }
            #expect(errors.map { $0.metadata["request.id"]?.description } == [id, jsonID])
            #expect(errors.allSatisfy { $0.metadata["error"]?.description.contains("secret") == true })
        }
    }
}

/// Runs jobs on Dispatch's global queue and counts them.
private final class CountingExecutor: TaskExecutor {
    let jobs = Atomic<Int>(0)

    func enqueue(_ job: consuming ExecutorJob) {
        self.jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
