@_spi(Adapters) import SignalboxHTTP
@_spi(Adapters) import SignalboxWeb
import Vapor

/// A web app (and its static files) answering the Vapor requests of its mount path.
struct MountedWebApp: Sendable {
    /// The methods whose requests under a mount path go to the web app. `HEAD` is not among them:
    /// Vapor answers it with the `GET` route (and sends no body), and the web app sees `HEAD`.
    /// The methods the web layer does not serve get its own `405` with `Allow`.
    static let methods: [HTTPMethod] = [.GET, .POST, .PUT, .DELETE, .PATCH, .OPTIONS]

    /// The app, already mounted at its path.
    let app: WebApp
    /// The static files in front of it, if any.
    let files: StaticFiles?

    /// Answers one request: a static file, or the web layer's answer to the request with its
    /// body, read as it streams in (``RequestBodyReader``: an upload to temporary files, a
    /// body past the limits the web layer's `413`).
    func respond(to request: Vapor.Request) async throws -> Vapor.Response {
        let converted = try request.signalboxRequest()
        let isHead = converted.method == .head
        if let files = self.files, converted.method == .get || converted.method == .head {
            // Reading a file blocks: on the application's thread pool, not the cooperative one.
            let head = converted
            if let file = try await request.application.threadPool.runIfActive({ files.response(for: head) }) {
                return Vapor.Response(file, isHead: isHead)
            }
        }
        var reader = RequestBodyReader(app: self.app, request: converted)
        if !reader.isRefused {
            if let collected = request.body.data {
                collected.withUnsafeReadableBytes { reader.read($0) }
            } else {
                for try await chunk in request.body { chunk.withUnsafeReadableBytes { reader.read($0) } }
            }
        }
        return Vapor.Response(await reader.respond(logger: request.logger), isHead: isHead)
    }
}
