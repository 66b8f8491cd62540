public import Logging
public import SignalboxHTTP

/// Reads a request's body as a server hands it over in chunks, the way a ``WebApp`` takes it: a
/// `multipart/form-data` body into temporary files as it arrives (``/SignalboxHTTP/Request/multipart``, within
/// ``WebApp/Configuration/uploads``), any other body in memory up to
/// ``WebApp/Configuration/maxFormBytes``. Past a limit the rest is read and dropped, so the
/// connection stays usable, and the answer is the web layer's `413` naming the limit.
///
/// What the adapters use; any server that streams bodies can do the same:
///
/// ```swift
/// var reader = RequestBodyReader(app: app, request: converted)
/// if !reader.isRefused {
///     for try await chunk in body { chunk.withUnsafeReadableBytes { reader.read($0) } }
/// }
/// return await reader.respond(logger: logger)   // removes the upload's files when done
/// ```
@_spi(Adapters) public struct RequestBodyReader {
    private let app: WebApp
    private var request: Request
    private var spooler: MultipartSpooler?
    private var refusal: Refusal?
    private var received = 0

    private enum Refusal {
        case tooLarge
        case upload(MultipartSpoolError)
    }

    /// A reader for `request`'s body (its head: a body it already has is replaced). A body whose
    /// `Content-Length` is past the limit is refused at once (``isRefused``).
    public init(app: WebApp, request: Request) {
        self.app = app
        self.request = request
        self.request.body = []
        do {
            self.spooler = try MultipartSpooler.forRequest(request.headerFields, limits: app.configuration.uploads)
        } catch {
            self.refusal = .upload(error)
            return
        }
        if self.spooler == nil, let length = request.headerFields[.contentLength].flatMap(Int.init),
            length > app.configuration.maxFormBytes
        {
            self.refusal = .tooLarge
        }
    }

    /// Whether the body is refused already (its answer is known): a caller may skip reading it.
    public var isRefused: Bool { self.refusal != nil }

    /// The next piece of the body.
    public mutating func read(_ chunk: UnsafeRawBufferPointer) {
        guard self.refusal == nil else { return }
        if self.spooler != nil {
            do {
                try self.spooler?.append(chunk)
            } catch {
                self.refusal = .upload(error)
            }
            return
        }
        self.received += chunk.count
        guard self.received <= self.app.configuration.maxFormBytes else {
            self.refusal = .tooLarge
            self.request.body = []
            return
        }
        self.request.body.append(contentsOf: chunk)
    }

    /// The app's answer to the request with its body (or the refusal); the upload's temporary
    /// files are removed before it returns.
    public consuming func respond(logger: Logger) async -> Response {
        defer { self.spooler?.discard() }
        if self.refusal == nil, self.spooler != nil {
            do {
                self.request.multipart = try self.spooler?.finish()
            } catch {
                self.refusal = .upload(error)
            }
        }
        switch self.refusal {
        case .tooLarge?:
            return self.app.respondBodyTooLarge(to: self.request)
        case .upload(let error)?:
            return self.app.respondRefusedUpload(error, to: self.request)
        case nil:
            return await self.app.respond(to: self.request, logger: logger)
        }
    }
}
