import HelloApp
import SignalboxMHD
import SignalboxWeb

let logger = Logger(label: "hello")
let app = try HelloApp.make(templates: CommandLine.arguments.dropFirst().first ?? "Templates", logger: logger)
let server = HTTPServer(
    configuration: .init(host: "127.0.0.1", port: 8080),
    responder: StaticFiles(root: "Public", fallback: app),  // Public/ first, if there is one
    logger: logger
)
let signals = try SignalWaiter()  // before start(), so the server's threads inherit the mask
try server.start()
print("Listening on http://127.0.0.1:\(server.port)")
_ = await signals.wait()  // SIGINT or SIGTERM
await server.shutdown()  // stop accepting, finish in-flight requests
