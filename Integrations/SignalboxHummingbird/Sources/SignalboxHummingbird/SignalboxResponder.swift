public import Hummingbird
import NIOCore
@_spi(Adapters) import SignalboxHTTP
@_spi(Adapters) public import SignalboxWeb

/// A Hummingbird responder that answers with a Signalbox ``WebApp`` (and, in front of it, the
/// app's static files): what ``Hummingbird/Router/mount(_:at:publicFolder:)`` registers.
///
/// Each request is handed over as it came (the raw request target, every header field), its
/// body read as it streams in by a ``RequestBodyReader`` (an upload to temporary files; a body
/// past the app's limits gets the web layer's own `413`), with the context's request id and logger, so the web layer's log
/// lines and 500 pages carry the service's request id. The answer keeps the web layer's status
/// codes and every header field, each `Set-Cookie` included.
public struct SignalboxResponder<Context: RequestContext>: HTTPResponder {
    /// The app, mounted where this responder is registered.
    public let app: WebApp
    private let files: StaticFiles?

    /// A responder for `app` (served under its configuration's mount path) with the files of
    /// `publicFolder`, when given, under the same path.
    public init(app: WebApp, publicFolder: String? = nil) {
        self.app = app
        self.files = publicFolder.map {
            StaticFiles(root: $0, configuration: .init(urlPrefix: app.configuration.mountPath.path), fallback: app)
        }
    }

    public func respond(to request: Hummingbird.Request, context: Context) async throws -> Hummingbird.Response {
        let converted = SignalboxHTTP.Request(
            head: request.head,
            clientAddress: (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress,
            // Not `context.id`, which traps when the logger keeps no metadata (a no-op logger).
            id: context.logger[metadataKey: "hb.request.id"]?.description
        )
        if let file = self.files?.response(for: converted) {
            return Self.response(file, to: request.method)
        }
        var reader = RequestBodyReader(app: self.app, request: converted)
        if !reader.isRefused {
            for try await chunk in request.body { chunk.withUnsafeReadableBytes { reader.read($0) } }
        }
        return Self.response(await reader.respond(logger: context.logger), to: request.method)
    }

    /// Hummingbird's response for the web layer's; a `HEAD` answer keeps its `Content-Length`
    /// and drops the body.
    static func response(_ response: SignalboxHTTP.Response, to method: HTTPRequest.Method) -> Hummingbird.Response {
        var headers = response.headerFields
        guard method != .head else {
            headers[.contentLength] = String(response.body.count)
            return Hummingbird.Response(status: response.status, headers: headers)
        }
        if let stream = response.stream {
            // Each piece is written (and flushed) as it comes; when the client goes away the
            // write fails and the iteration stops, which the producer sees as termination.
            headers[.contentLength] = nil
            return Hummingbird.Response(
                status: response.status,
                headers: headers,
                body: ResponseBody(asyncSequence: stream.chunks.map { ByteBuffer(bytes: $0) })
            )
        }
        return Hummingbird.Response(
            status: response.status,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.body))
        )
    }
}
