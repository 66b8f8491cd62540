// The Signalbox hello route for the benchmark: the same response as hello.c, through HTTPServer
// and an async Responder. Usage: signalbox-hello [port]  (0 picks a free port; prints "PORT <n>").

import HTTPTypes
import Logging
import SignalboxHTTP
import SignalboxMHD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The body, like hello.c's `static const char body[]`; the response itself is built per request.
let helloBody = Array("Hello, world!\n".utf8)

struct Hello: Responder {
    func respond(to request: Request) async throws -> Response {
        Response(
            status: .ok,
            headerFields: [
                .contentType: "text/plain; charset=utf-8",
                .setCookie: "session=abc123; Path=/; HttpOnly; SameSite=Lax",
            ],
            body: helloBody
        )
    }
}

var configuration = HTTPServer.Configuration(
    host: "127.0.0.1", port: CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 8082 : 8082)
configuration.perIPConnectionLimit = 0  // wrk's connections all come from 127.0.0.1 (the C server matches)

var logger = Logger(label: "signalbox-hello") { label in StreamLogHandler.standardError(label: label) }
logger.logLevel = .warning

let server = HTTPServer(configuration: configuration, responder: Hello(), logger: logger)
let signals = try SignalWaiter()
try server.start()
print("PORT \(server.port)")
print("threads \(configuration.threadPoolSize)")
fflush(nil)  // all streams: the run script waits for the PORT line
_ = await signals.wait()
await server.shutdown()
